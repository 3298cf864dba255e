import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"
import { DEMO_BALANCE, parseSeedArgs, SeedError, seedDemo } from "./seed-demo"

type Row = {
  action: string
  file_id: string
  language: string | null
  tool: string
  cost: number
  created_at: string
}

describe("seed-demo", () => {
  let app: TestApp
  const now = new Date("2026-06-15T12:00:00Z")

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  async function seeded(seed: number, operations = 2000) {
    const user = await createTestUser(app, { email: `seed-${seed}-${Math.random()}@example.test` })
    const summary = await seedDemo(app.deps.database.db, {
      email: user.email,
      operations,
      seed,
      now,
    })
    const client = user.client()
    const { data } = await client
      .from("operations")
      .select("action, file_id, language, tool, cost, created_at")
      .order("created_at")
      .limit(1000)
    return { user, summary, client, rows: data as Row[] }
  }

  it("fills an account with the documented shape", async () => {
    const { user, summary, client, rows } = await seeded(5, 1500)
    expect(summary).toMatchObject({ userId: user.id, operations: 1500, balance: DEMO_BALANCE })
    expect(summary.languages.length).toBeGreaterThanOrEqual(8)
    expect(summary.languages.length).toBeLessThanOrEqual(12)

    const { count } = await client.from("operations").select("*", { count: "exact", head: true })
    expect(count).toBe(1500)
    const languages = await client.rpc("operation_language_counts", { top_n: 50 })
    const used = (languages.data as { language: string }[]).map((r) => r.language).sort()
    expect(used).toEqual([...summary.languages].sort())

    expect(new Set(rows.map((r) => r.tool))).toEqual(new Set(["dashboard", "figma", "photoshop"]))
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(["culturalize_text", "localize_visual", "translate_layers", "upload_glossary"]),
    )
    expect(rows.every((r) => r.file_id.startsWith(`${r.tool}-`))).toBe(true)
    expect(rows.every((r) => (r.language === null) === (r.action === "upload_glossary"))).toBe(true)
    expect(rows.every((r) => r.cost >= 0 && r.cost <= 80)).toBe(true)

    const { rows: span } = await sql<{ first: Date; last: Date }>`
      select min(created_at) as first, max(created_at) as last from public.operations where user_id = ${user.id}
    `.execute(app.deps.database.db)
    expect(span[0]!.first.getTime()).toBeGreaterThanOrEqual(now.getTime() - 90 * 86_400_000)
    expect(span[0]!.first.getTime()).toBeLessThan(now.getTime() - 89 * 86_400_000)
    expect(span[0]!.last.getTime()).toBeLessThanOrEqual(now.getTime())
    expect(span[0]!.last.getTime()).toBeGreaterThan(now.getTime() - 86_400_000)

    // The plugins work through their own API keys; three people share the work.
    const { rows: who } = await sql<{ tool: string; key: string | null; members: string[] }>`
      select o.tool, k.name as key, array_agg(distinct o.member_email order by o.member_email) as members
      from public.operations o left join public.api_keys k on k.id = o.api_key_id
      where o.user_id = ${user.id} group by 1, 2 order by 1
    `.execute(app.deps.database.db)
    const [, domain] = user.email.split("@")
    const members = [`alex@${domain}`, user.email, `sam@${domain}`].sort()
    expect(who).toEqual([
      { tool: "dashboard", key: null, members },
      { tool: "figma", key: "Figma plugin", members },
      { tool: "photoshop", key: "Photoshop plugin", members },
    ])

    const list = await client.from("user_languages_mapping").select("language, language_code")
    expect(list.data).toHaveLength(4)
    expect(list.data!.map((r) => r.language)).toEqual(summary.languages.slice(0, 4))
    const balance = await client.from("users").select("credits").eq("id", user.id).single()
    expect(balance.data).toEqual({ credits: DEMO_BALANCE })
    const ledger = await client.from("credit_ledger").select("delta, reason")
    expect(ledger.data).toEqual([{ delta: DEMO_BALANCE, reason: "seed" }])
  })

  it("is deterministic for a seed and differs between seeds", async () => {
    const a = await seeded(11, 300)
    const b = await seeded(11, 300)
    const c = await seeded(12, 300)
    expect(b.rows).toEqual(a.rows)
    expect(c.rows).not.toEqual(a.rows)
  })

  it("refuses an email without an account", async () => {
    await expect(
      seedDemo(app.deps.database.db, { email: "nobody@example.test", operations: 10, seed: 1 }),
    ).rejects.toThrow(SeedError)
  })

  it("parses its arguments with defaults and clear errors", () => {
    expect(parseSeedArgs(["--email", "a@b.test"])).toEqual({
      email: "a@b.test",
      operations: 500,
      seed: 1,
    })
    expect(
      parseSeedArgs(["--email", "a@b.test", "--operations", "1000000", "--seed", "7"]),
    ).toEqual({
      email: "a@b.test",
      operations: 1_000_000,
      seed: 7,
    })
    expect(() => parseSeedArgs([])).toThrow("--email is required")
    expect(() => parseSeedArgs(["--email", "a@b.test", "--operations", "lots"])).toThrow(
      "--operations",
    )
    expect(() => parseSeedArgs(["--email", "a@b.test", "--seed", "1.5"])).toThrow("--seed")
    expect(() => parseSeedArgs(["--email", "a@b.test", "--bogus"])).toThrow()
  })
})

describe("POST /admin/v1/seed-demo, which the command calls while a server holds the data", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  const seed = (key: string, body: unknown) =>
    app.fetch("/admin/v1/seed-demo", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })

  it("seeds an account with the service-role key and answers the summary", async () => {
    const user = await createTestUser(app)
    const res = await seed(app.deps.keys.serviceRole, {
      email: user.email,
      operations: 50,
      seed: 3,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      userId: user.id,
      operations: 50,
      balance: DEMO_BALANCE,
    })
    const { count } = await user
      .client()
      .from("operations")
      .select("*", { count: "exact", head: true })
    expect(count).toBe(50)
  })

  it("refuses any other key, bad input and an unknown email", async () => {
    const user = await createTestUser(app)
    const body = { email: user.email, operations: 5, seed: 1 }
    expect((await seed(app.deps.keys.anon, body)).status).toBe(403)
    expect((await seed(user.token, body)).status).toBe(403)
    const bad = await seed(app.deps.keys.serviceRole, { ...body, operations: -1 })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: { message: expect.stringContaining("operations") } })
    const nul = await seed(app.deps.keys.serviceRole, { ...body, email: "a\u0000@b.test" })
    expect(nul.status).toBe(400)
    const unknown = await seed(app.deps.keys.serviceRole, { ...body, email: "nobody@example.test" })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      error: {
        message: "No account with the email nobody@example.test. Sign up first, then seed it.",
      },
    })
    const { count } = await user
      .client()
      .from("operations")
      .select("*", { count: "exact", head: true })
    expect(count).toBe(0)
  })
})
