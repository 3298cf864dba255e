import type { BillingPaymentList, Receipt } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { mailsTo } from "../../auth/test-kit"
import {
  checkoutEvent,
  signStripePayload,
  startFakeStripe,
} from "../../billing/testing/fake-stripe"
import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { paymentId } from "./billing-test-kit"

const SECRET_KEY = "sk_test_nativ_receipts"
const WEBHOOK_SECRET = "whsec_nativ_receipts"

describe("receipts of Stripe purchases", () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>
  let app: TestApp
  let buyer: ApiUser

  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY)
    app = await createApiTestApp({
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SITE_URL: "http://dashboard.test",
    })
    buyer = await signedInUser(app)
  })
  afterAll(async () => {
    await app.close()
    await stripe.close()
  })

  async function checkout(amount: number) {
    const { data, error } = await clientWithToken(app, buyer.token).functions.invoke(
      "create-payment",
      { body: { credits: amount * 1000, amount } },
    )
    expect(error).toBeNull()
    return (data as { url: string }).url.split("/").pop()!
  }
  const verify = (session: string) =>
    clientWithToken(app, buyer.token).functions.invoke("verify-payment", {
      body: { session_id: session },
    })
  const webhook = (payload: string) =>
    app.fetch("/functions/v1/stripe-webhook", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signStripePayload(payload, WEBHOOK_SECRET),
      },
      body: payload,
    })
  const receipt = async (session: string) =>
    (
      await callApi<Receipt>(app, `/billing/payments/${await paymentId(app, session)}/receipt`, {
        token: buyer.token,
      })
    ).body
  const receiptMails = async () =>
    (await mailsTo(app, buyer.email)).filter((m) => m.subject.startsWith("Your Nativ receipt"))

  it("stores Stripe's receipt URL from a webhook and links it in the history and receipt", async () => {
    const session = await checkout(20)
    const paid = stripe.pay(session, "https://pay.stripe.test/receipts/acct_1/ch_webhook")
    const payload = checkoutEvent("checkout.session.completed", paid)
    expect((await webhook(payload)).status).toBe(200)

    const listed = await callApi<BillingPaymentList>(app, "/billing/payments", {
      token: buyer.token,
    })
    expect(listed.body.payments[0]).toMatchObject({
      status: "paid",
      receipt_url: "https://pay.stripe.test/receipts/acct_1/ch_webhook",
    })
    expect(await receipt(session)).toMatchObject({
      provider: "stripe",
      payment_reference: paid.payment_intent,
      receipt_url: "https://pay.stripe.test/receipts/acct_1/ch_webhook",
    })
    expect(
      stripe.requests.some(
        (r) =>
          r.method === "GET" &&
          r.path === `/v1/checkout/sessions/${session}` &&
          r.query.includes("payment_intent.latest_charge"),
      ),
    ).toBe(true)
  })

  it("stores it when verify settles the session", async () => {
    const session = await checkout(100)
    stripe.pay(session, "https://pay.stripe.test/receipts/acct_1/ch_verify")
    expect((await verify(session)).data).toEqual({ credits_added: 100_000 })
    expect((await receipt(session)).receipt_url).toBe(
      "https://pay.stripe.test/receipts/acct_1/ch_verify",
    )
  })

  it("emails one receipt across a replayed webhook and repeated verifies", async () => {
    const before = (await receiptMails()).length
    const session = await checkout(300)
    const payload = checkoutEvent("checkout.session.completed", stripe.pay(session))
    await Promise.all([webhook(payload), webhook(payload), verify(session), verify(session)])
    await webhook(payload)
    await verify(session)
    const mails = await receiptMails()
    expect(mails).toHaveLength(before + 1)
    expect(mails[0]!.subject).toBe(`Your Nativ receipt ${(await receipt(session)).receipt_number}`)
    expect(mails[0]!.text).toContain("Amount paid: $300.00")
  })

  it("credits the purchase even when Stripe has no receipt for it yet", async () => {
    const session = await checkout(1)
    stripe.pay(session, null)
    expect((await verify(session)).data).toEqual({ credits_added: 1_000 })
    expect(await receipt(session)).toMatchObject({
      receipt_url: null,
      payment_reference: expect.stringMatching(/^pi_/),
    })
  })
})
