import type { ProviderReceipt } from "./stripe-receipt"

/** What every payment provider implements; the factory choosing one is in provider.ts. */

export type CheckoutRequest = {
  paymentRef: string
  userId: string
  email: string | null
  credits: number
  amountCents: number
}

/** A payment provider: where the buyer pays, and what it says about a checkout session. */
export type PaymentProvider = {
  name: "local" | "stripe"
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>
  /** The provider's view of a session; null when our own database is the source (local). */
  sessionStatus(sessionId: string): Promise<"pending" | "paid" | "canceled" | null>
  /** The provider's own reference and receipt for a paid session (Stripe only). */
  receipt?(sessionId: string): Promise<ProviderReceipt>
}

/** Where the buyer lands after paying or canceling (the dashboard's Buy Credits page). */
export function returnUrls(siteUrl: string) {
  return {
    success: (sessionId: string) =>
      `${siteUrl}/credits?success=true&session_id=${encodeURIComponent(sessionId)}`,
    canceled: `${siteUrl}/credits?canceled=true`,
  }
}
