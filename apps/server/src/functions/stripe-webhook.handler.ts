import type { Context } from "hono"
import type Stripe from "stripe"

import { creditWithReceipt } from "../billing/credit-with-receipt"
import { findPayment, settlePayment } from "../billing/payments.repo"
import { stripeClient } from "../billing/stripe-provider"
import { stripeReceipt } from "../billing/stripe-receipt"
import type { AppDeps } from "../deps"
import { FunctionError } from "./function-error"

/**
 * stripe-webhook: verifies the `Stripe-Signature` header against STRIPE_WEBHOOK_SECRET, then
 * credits a completed checkout session (exactly once, shared with verify-payment) or cancels an
 * expired one. Sessions we did not create are acknowledged and ignored.
 */
export function stripeWebhook(deps: AppDeps) {
  const secret = deps.env.STRIPE_WEBHOOK_SECRET
  const stripe = deps.env.PAYMENTS_PROVIDER === "stripe" && secret ? stripeClient(deps.env) : null
  return async (c: Context) => {
    if (!stripe || !secret) throw new FunctionError(404, "Stripe webhooks are not enabled")
    const payload = await c.req.text()
    let event: Stripe.Event
    try {
      event = stripe.webhooks.constructEvent(
        payload,
        c.req.header("stripe-signature") ?? "",
        secret,
      )
    } catch {
      throw new FunctionError(400, "Invalid Stripe signature")
    }
    if (!event.type.startsWith("checkout.session.")) return c.json({ received: true })
    const session = event.data.object as Stripe.Checkout.Session
    const payment = await findPayment(deps.database.db, session.id)
    if (!payment || payment.provider !== "stripe") return c.json({ received: true })

    const paid =
      session.payment_status === "paid" || session.payment_status === "no_payment_required"
    if (
      (event.type === "checkout.session.completed" ||
        event.type === "checkout.session.async_payment_succeeded") &&
      paid
    ) {
      await settlePayment(deps.database.db, session.id, "paid")
      await creditWithReceipt(deps, session.id, (id) => stripeReceipt(stripe, id))
    } else if (
      event.type === "checkout.session.expired" ||
      event.type === "checkout.session.async_payment_failed"
    ) {
      await settlePayment(deps.database.db, session.id, "canceled")
    }
    return c.json({ received: true })
  }
}
