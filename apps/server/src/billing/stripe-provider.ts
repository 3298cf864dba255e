import { createRequire } from "node:module"

import type Stripe from "stripe"

import type { Env } from "../env"
import { type PaymentProvider, returnUrls } from "./payment-provider"
import { stripeReceipt } from "./stripe-receipt"

export function stripeClient(env: Env): Stripe {
  // Loaded when a Stripe client is first needed, not at start-up: importing the SDK costs ~175 ms
  // of CPU, a large share of the server's start (npm run bench, scenario 6), and most deployments
  // never use it.
  const StripeSdk = createRequire(import.meta.url)("stripe") as typeof Stripe
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null
  return new StripeSdk(env.STRIPE_SECRET_KEY ?? "", {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
  })
}

/** Stripe Checkout: one line item priced in cents; the return URLs carry the session id. */
export function stripeProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env)
  const urls = returnUrls(env.SITE_URL)
  return {
    name: "stripe",
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: request.amountCents,
              product_data: { name: `${request.credits.toLocaleString("en-US")} Nativ credits` },
            },
          },
        ],
        success_url: `${env.SITE_URL}/credits?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: urls.canceled,
        client_reference_id: request.userId,
        ...(request.email ? { customer_email: request.email } : {}),
        metadata: {
          user_id: request.userId,
          credits: String(request.credits),
          ref: request.paymentRef,
        },
      })
      if (!session.url) throw new Error("Stripe returned a checkout session without a url")
      return { sessionId: session.id, url: session.url }
    },
    async sessionStatus(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId)
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required")
        return "paid"
      if (session.status === "expired") return "canceled"
      return "pending"
    },
    receipt: (sessionId) => stripeReceipt(stripe, sessionId),
  }
}
