import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

async function invoke(client: SupabaseClient, name: string, body?: unknown) {
  const { data, error } = await client.functions.invoke(
    name,
    body === undefined ? {} : { body: body as object },
  )
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return {
      status: response.status,
      data: null,
      body: (await response.json()) as { error: string },
    }
  }
  if (error) throw error
  return { status: 200, data, body: null }
}

async function balance(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; ledger: number }>`
    select u.credits, (select coalesce(sum(delta), 0)::float8 from public.credit_ledger l where l.user_id = u.id) as ledger
    from public.users u where u.id = ${userId}`.execute(app.deps.database.db)
  return rows[0]!
}

describe("payments on the local test checkout", () => {
  let app: TestApp
  let buyer: TestUser
  let stranger: TestUser
  let client: SupabaseClient

  beforeAll(async () => {
    app = await createTestApp({ SITE_URL: "http://dashboard.test" })
    buyer = await createTestUser(app)
    stranger = await createTestUser(app)
    client = buyer.client()
  })
  afterAll(() => app.close())

  async function checkout(credits: number, amount: number) {
    const res = await invoke(client, "create-payment", { credits, amount })
    expect(res.status).toBe(200)
    const url = (res.data as { url: string }).url
    const session = decodeURIComponent(url.split("/_checkout/")[1]!)
    return { url, session }
  }

  it("buys a package end to end: checkout page, Pay, return URL, verify, balance", async () => {
    const { url, session } = await checkout(20_000, 20)
    expect(url).toBe(`${app.url}/_checkout/${session}`)

    const page = await fetch(url)
    expect(page.status).toBe(200)
    const text = await page.text()
    expect(text).toContain("Pay $20.00")
    expect(text).toContain("20,000 credits")
    expect(text).toContain("Cancel")

    const pending = await invoke(client, "verify-payment", { session_id: session })
    expect(pending.status).toBe(402)
    expect(pending.body!.error).toMatch(/not been completed/)

    const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" })
    expect(paid.status).toBe(303)
    expect(paid.headers.get("location")).toBe(
      `http://dashboard.test/credits?success=true&session_id=${session}`,
    )

    const verified = await invoke(client, "verify-payment", { session_id: session })
    expect(verified).toMatchObject({ status: 200, data: { credits_added: 20_000 } })
    const { data } = await client.from("users").select("credits").eq("id", buyer.id).single()
    expect(data).toEqual({ credits: 20_000 })

    const again = await invoke(client, "verify-payment", { session_id: session })
    expect(again.data).toEqual({ credits_added: 20_000 })
    expect(await balance(app, buyer.id)).toEqual({ credits: 20_000, ledger: 20_000 })

    const payments = await client
      .from("payments")
      .select("session_id, status, credits, amount_cents")
    expect(payments.data).toContainEqual({
      session_id: session,
      status: "paid",
      credits: 20_000,
      amount_cents: 2000,
    })
  })

  it("credits a paid session once under 50 concurrent verifications", async () => {
    const before = (await balance(app, buyer.id)).credits
    const { url, session } = await checkout(100_000, 100)
    await fetch(`${url}/pay`, { method: "POST", redirect: "manual" })
    const results = await Promise.all(
      Array.from({ length: 50 }, () => invoke(client, "verify-payment", { session_id: session })),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.map((r) => r.data)).toEqual(Array(50).fill({ credits_added: 100_000 }))
    const after = await balance(app, buyer.id)
    expect(after.credits).toBe(before + 100_000)
    expect(after.ledger).toBe(after.credits)
    const ledger = await client.from("credit_ledger").select("delta, reason").eq("delta", 100_000)
    expect(ledger.data).toEqual([{ delta: 100_000, reason: "purchase" }])
  })

  it("returns to the canceled URL on Cancel and refuses to verify a canceled session", async () => {
    const { url, session } = await checkout(20_000, 20)
    const canceled = await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" })
    expect(canceled.status).toBe(303)
    expect(canceled.headers.get("location")).toBe("http://dashboard.test/credits?canceled=true")
    const verify = await invoke(client, "verify-payment", { session_id: session })
    expect(verify.status).toBe(409)
    expect(verify.body!.error).toMatch(/canceled/)
    const payLater = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" })
    expect(payLater.status).toBe(409)
  })

  it("buys a custom amount in cents at $1 per 1,000 credits", async () => {
    const before = (await balance(app, buyer.id)).credits
    const { url, session } = await checkout(12_340, 12.34)
    expect(await (await fetch(url)).text()).toContain("Pay $12.34")
    await fetch(`${url}/pay`, { method: "POST", redirect: "manual" })
    const verified = await invoke(client, "verify-payment", { session_id: session })
    expect(verified.data).toEqual({ credits_added: 12_340 })
    expect((await balance(app, buyer.id)).credits).toBe(before + 12_340)
  })

  it("refuses bad amounts and credits that disagree with the amount", async () => {
    const cases: [unknown, RegExp][] = [
      [{ credits: 500, amount: 0.5 }, /minimum \$1/],
      [{ credits: 0, amount: 0 }, /minimum \$1/],
      [{ credits: -1000, amount: -1 }, /minimum \$1/],
      [{ credits: 20_000, amount: "20" }, /minimum \$1/],
      [{ credits: 999_999, amount: 20 }, /credits must be 20000/],
      [{ credits: 12_345, amount: 12.345 }, /whole cents/],
      [{ credits: 1e12, amount: 1e9 }, /at most/],
      [{ amount: 20 }, /credits/],
      [{}, /./],
      ["not an object", /./],
    ]
    for (const [body, message] of cases) {
      const res = await invoke(client, "create-payment", body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body!.error).toMatch(message)
    }
    const { count } = await client.from("payments").select("*", { count: "exact", head: true })
    expect(count).toBe(4)
  })

  it("refuses invalid JSON with 400", async () => {
    const res = await app.fetch("/functions/v1/create-payment", {
      method: "POST",
      headers: { Authorization: `Bearer ${buyer.token}`, "Content-Type": "application/json" },
      body: "{not json",
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: "Request body must be valid JSON" })
  })

  it("lets only the session's owner verify it", async () => {
    const { url, session } = await checkout(20_000, 20)
    await fetch(`${url}/pay`, { method: "POST", redirect: "manual" })
    const res = await invoke(stranger.client(), "verify-payment", { session_id: session })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: "Payment session not found" })
    expect((await balance(app, stranger.id)).credits).toBe(0)
    const unknown = await invoke(client, "verify-payment", { session_id: "cs_local_nope" })
    expect(unknown.status).toBe(404)
    const missing = await invoke(client, "verify-payment", {})
    expect(missing).toMatchObject({ status: 400, body: { error: "session_id is required" } })
  })

  it("refuses callers without a signed-in token", async () => {
    const anon = app.client()
    const res = await invoke(anon, "create-payment", { credits: 20_000, amount: 20 })
    expect(res.status).toBe(401)
    const none = await app.fetch("/functions/v1/verify-payment", { method: "POST", body: "{}" })
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ error: "Missing authorization header" })
    const forged = await app.fetch("/functions/v1/verify-payment", {
      method: "POST",
      headers: { Authorization: `Bearer ${buyer.token.slice(0, -4)}AAAA` },
      body: "{}",
    })
    expect(forged.status).toBe(401)
  })

  it("answers an expired token with 401", async () => {
    const user = await createTestUser(app)
    app.advanceClock(2 * 3600_000)
    try {
      const res = await invoke(user.client(), "create-payment", { credits: 20_000, amount: 20 })
      expect(res.status).toBe(401)
      expect(res.body!.error).toMatch(/expired/)
    } finally {
      app.advanceClock(-2 * 3600_000)
    }
  })

  it("shows 404 for an unknown checkout session and for an unknown function", async () => {
    expect((await fetch(`${app.url}/_checkout/cs_local_missing`)).status).toBe(404)
    const res = await invoke(client, "no-such-function", {})
    expect(res.status).toBe(404)
  })

  it("keeps the ledger summing to every balance", async () => {
    const { rows } = await sql<{ mismatches: number }>`
      select count(*)::int as mismatches from public.users u
      where u.credits <> (select coalesce(sum(delta), 0) from public.credit_ledger l where l.user_id = u.id)
    `.execute(app.deps.database.db)
    expect(rows[0]!.mismatches).toBe(0)
  })
})
