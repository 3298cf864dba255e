import type Stripe from "stripe"

export type ProviderReceipt = { reference: string | null; receiptUrl: string | null }

/**
 * Stripe's payment intent and the receipt Stripe keeps for a paid Checkout Session: the Charge's
 * receipt_url, reached through the session's payment_intent → latest_charge in one request.
 */
export async function stripeReceipt(stripe: Stripe, sessionId: string): Promise<ProviderReceipt> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {
    expand: ["payment_intent.latest_charge"],
  })
  const intent = session.payment_intent
  if (!intent) return { reference: null, receiptUrl: null }
  if (typeof intent === "string") return { reference: intent, receiptUrl: null }
  const charge = intent.latest_charge
  return {
    reference: intent.id,
    receiptUrl: charge && typeof charge !== "string" ? charge.receipt_url : null,
  }
}
