import type { BillingPayment, Receipt } from "@nativ/contracts"

let sequence = 0

/** A purchase as GET /billing/payments lists it; paid unless told otherwise. */
export function buildPayment(overrides: Partial<BillingPayment> = {}): BillingPayment {
  sequence += 1
  const paid = (overrides.status ?? "paid") === "paid"
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, "0")}`,
    created_at: "2026-01-06T10:15:00.000Z",
    paid_at: paid ? "2026-01-06T10:16:00.000Z" : null,
    credits: 20_000,
    amount: 20,
    amount_cents: 2_000,
    currency: "usd",
    status: "paid",
    receipt_number: paid ? `NTV-2026-${String(sequence).padStart(6, "0")}` : null,
    receipt_url: null,
    checkout_url: null,
    started_by: "ana@example.com",
    ...overrides,
  }
}

export function buildReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    receipt_number: "NTV-2026-000042",
    payment_id: "00000000-0000-4000-9000-000000000042",
    company_name: "Acme Localization",
    billed_to: "ana@example.com",
    paid_at: "2026-01-06T10:16:00.000Z",
    credits: 100_000,
    amount: 100,
    amount_cents: 10_000,
    currency: "usd",
    provider: "stripe",
    payment_reference: "pi_3Nf8abc",
    receipt_url: "https://pay.stripe.test/receipts/abc",
    ...overrides,
  }
}
