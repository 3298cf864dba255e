import { z } from "zod"

import { wholeNumberParam } from "./whole-number-param"

/**
 * Billing history and receipts (GET /api/v1/billing/payments, …/{id}/receipt, …/{id}/receipt.pdf):
 * the company's purchases, newest first, and a receipt for each paid one. Owners and admins only.
 */

export const BILLING_PAGE_SIZE = 10
export const BILLING_PAGE_SIZE_MAX = 100

export const PAYMENT_STATUSES = ["paid", "pending", "canceled"] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
/** As Billing history shows a purchase: a checkout left pending for 24 hours is "expired". */
export const BILLING_PAYMENT_STATUSES = [...PAYMENT_STATUSES, "expired"] as const
export type BillingPaymentStatus = (typeof BILLING_PAYMENT_STATUSES)[number]

export const billingPaymentsQuerySchema = z.object({
  limit: wholeNumberParam("limit", 1, BILLING_PAGE_SIZE_MAX)
    .default(BILLING_PAGE_SIZE)
    .meta({ example: BILLING_PAGE_SIZE }),
  offset: wholeNumberParam("offset", 0, 10_000_000).default(0).meta({ example: 0 }),
})
export type BillingPaymentsQuery = z.output<typeof billingPaymentsQuerySchema>

export const billingPaymentSchema = z
  .object({
    id: z.string(),
    created_at: z.string().describe("When the checkout was started (ISO 8601, UTC)."),
    paid_at: z.string().nullable().describe("When it was paid; null unless paid."),
    credits: z.number().int(),
    amount: z.number().describe("In the currency's units, e.g. 20.5 for $20.50."),
    amount_cents: z.number().int(),
    currency: z.string().describe("ISO 4217, lower case."),
    status: z
      .enum(BILLING_PAYMENT_STATUSES)
      .describe("A checkout left pending for 24 hours is listed as expired."),
    receipt_number: z.string().nullable().describe("Set once the purchase is credited."),
    receipt_url: z.string().nullable().describe("Stripe's own receipt, for Stripe purchases."),
    checkout_url: z
      .string()
      .nullable()
      .describe("Where to continue paying; only for an open (pending, unexpired) purchase."),
    started_by: z.string().nullable().describe("Email of the member who started the checkout."),
  })
  .meta({
    example: {
      id: "7d4f3f0e-5b1c-4f5e-9a55-1a2b3c4d5e6f",
      created_at: "2026-01-06T10:15:00.000Z",
      paid_at: "2026-01-06T10:16:12.000Z",
      credits: 20_000,
      amount: 20,
      amount_cents: 2000,
      currency: "usd",
      status: "paid",
      receipt_number: "NTV-2026-000042",
      receipt_url: null,
      checkout_url: null,
      started_by: "ana@example.com",
    },
  })
export type BillingPayment = z.infer<typeof billingPaymentSchema>

export const billingPaymentListSchema = z.object({
  payments: z.array(billingPaymentSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
})
export type BillingPaymentList = z.infer<typeof billingPaymentListSchema>

export const receiptSchema = z
  .object({
    receipt_number: z.string(),
    payment_id: z.string(),
    company_name: z.string().nullable(),
    billed_to: z.string().nullable().describe("The member who bought (else the company's owner)."),
    paid_at: z.string(),
    credits: z.number().int(),
    amount: z.number(),
    amount_cents: z.number().int(),
    currency: z.string(),
    provider: z.enum(["local", "stripe"]),
    payment_reference: z
      .string()
      .describe("Stripe's payment intent, else the checkout session id."),
    receipt_url: z.string().nullable(),
  })
  .meta({
    example: {
      receipt_number: "NTV-2026-000042",
      payment_id: "7d4f3f0e-5b1c-4f5e-9a55-1a2b3c4d5e6f",
      company_name: "Acme Localization",
      billed_to: "ana@example.com",
      paid_at: "2026-01-06T10:16:12.000Z",
      credits: 20_000,
      amount: 20,
      amount_cents: 2000,
      currency: "usd",
      provider: "stripe",
      payment_reference: "pi_3Nf8abc",
      receipt_url: "https://pay.stripe.com/receipts/payment/abc",
    },
  })
export type Receipt = z.infer<typeof receiptSchema>

/** "$1,234.50": amounts on receipts and in the history. */
export function formatMoney(amountCents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(amountCents / 100)
}
