import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { checkoutEvent, signStripePayload, startFakeStripe } from "../billing/testing/fake-stripe"
import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

const SECRET_KEY = "sk_test_nativ_fake"
const WEBHOOK_SECRET = "whsec_nativ_fake_secret"

async function invoke(client: SupabaseClient, name: string, body: object) {
  const { data, error } = await client.functions.invoke(name, { body })
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

describe("payments through Stripe Checkout", () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>
  let app: TestApp
  let buyer: TestUser
  let client: SupabaseClient

  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY)
    app = await createTestApp({
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SITE_URL: "http://dashboard.test",
    })
    buyer = await createTestUser(app)
    client = buyer.client()
  })
  afterAll(async () => {
    await app.close()
    await stripe.close()
  })

  const credits = async () => {
    const { data } = await client.from("users").select("credits").eq("id", buyer.id).single()
    return (data as { credits: number }).credits
  }

  async function webhook(payload: string, signature: string) {
    return app.fetch("/functions/v1/stripe-webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    })
  }

  it("creates a Checkout Session priced in cents with the dashboard's return URLs", async () => {
    const res = await invoke(client, "create-payment", { credits: 100_000, amount: 100 })
    expect(res.status).toBe(200)
    const [session] = [...stripe.sessions.values()]
    expect(res.data).toEqual({ url: session!.url })
    expect(session).toMatchObject({
      amount_total: 10_000,
      currency: "usd",
      mode: "payment",
      success_url: "http://dashboard.test/credits?success=true&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://dashboard.test/credits?canceled=true",
      client_reference_id: buyer.id,
      customer_email: buyer.email,
      metadata: { user_id: buyer.id, credits: "100000" },
    })
  })

  it("verifies with Stripe: unpaid is refused, paid is credited once under 50 concurrent calls", async () => {
    const res = await invoke(client, "create-payment", { credits: 20_000, amount: 20 })
    const id = (res.data as { url: string }).url.split("/").pop()!
    const unpaid = await invoke(client, "verify-payment", { session_id: id })
    expect(unpaid.status).toBe(402)

    stripe.pay(id)
    const before = await credits()
    const results = await Promise.all(
      Array.from({ length: 50 }, () => invoke(client, "verify-payment", { session_id: id })),
    )
    expect(results.map((r) => r.data)).toEqual(Array(50).fill({ credits_added: 20_000 }))
    expect(await credits()).toBe(before + 20_000)
  })

  it("credits a completed session from a signed webhook, once, and verify agrees", async () => {
    const res = await invoke(client, "create-payment", { credits: 300_000, amount: 300 })
    const id = (res.data as { url: string }).url.split("/").pop()!
    const before = await credits()
    const payload = checkoutEvent("checkout.session.completed", stripe.pay(id))
    const first = await webhook(payload, signStripePayload(payload, WEBHOOK_SECRET))
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true })
    const replay = await webhook(payload, signStripePayload(payload, WEBHOOK_SECRET))
    expect(replay.status).toBe(200)
    expect(await credits()).toBe(before + 300_000)
    const verified = await invoke(client, "verify-payment", { session_id: id })
    expect(verified.data).toEqual({ credits_added: 300_000 })
    expect(await credits()).toBe(before + 300_000)
  })

  it("refuses a webhook with a bad, stale or missing signature", async () => {
    const res = await invoke(client, "create-payment", { credits: 20_000, amount: 20 })
    const id = (res.data as { url: string }).url.split("/").pop()!
    const before = await credits()
    const payload = checkoutEvent("checkout.session.completed", stripe.pay(id))
    const wrongSecret = await webhook(payload, signStripePayload(payload, "whsec_other"))
    expect(wrongSecret.status).toBe(400)
    expect(await wrongSecret.json()).toEqual({ error: "Invalid Stripe signature" })
    const stale = await webhook(
      payload,
      signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    )
    expect(stale.status).toBe(400)
    const tampered = await webhook(
      payload.replace("20000", "90000"),
      signStripePayload(payload, WEBHOOK_SECRET),
    )
    expect(tampered.status).toBe(400)
    expect((await webhook(payload, "")).status).toBe(400)
    expect(await credits()).toBe(before)
  })

  it("cancels an expired session so verify reports it", async () => {
    const res = await invoke(client, "create-payment", { credits: 20_000, amount: 20 })
    const id = (res.data as { url: string }).url.split("/").pop()!
    const payload = checkoutEvent("checkout.session.expired", stripe.expire(id))
    expect((await webhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).status).toBe(200)
    const verify = await invoke(client, "verify-payment", { session_id: id })
    expect(verify.status).toBe(409)
  })

  it("does not serve the local test checkout", async () => {
    expect((await app.fetch("/_checkout/anything")).status).not.toBe(200)
  })

  it("keeps the ledger summing to the balance", async () => {
    const { rows } = await sql<{ ledger: number }>`
      select coalesce(sum(delta), 0)::float8 as ledger from public.credit_ledger where user_id = ${buyer.id}
    `.execute(app.deps.database.db)
    expect(rows[0]!.ledger).toBe(await credits())
  })
})
