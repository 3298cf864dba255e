import type { AppDeps } from "../deps"
import { receiptEmail } from "../mail/receipt-email"
import { creditPayment, type Payment, recordProviderReceipt } from "./payments.repo"
import { findReceipt } from "./receipts.repo"
import type { ProviderReceipt } from "./stripe-receipt"

/** Where the dashboard shows a receipt (apps/web: paths.receipt). */
export const receiptPageUrl = (siteUrl: string, paymentId: string) =>
  `${siteUrl}/credits/receipts/${encodeURIComponent(paymentId)}`

/**
 * Credits a paid payment (exactly once: creditPayment) and then, after its transaction committed,
 * stores the provider's receipt while we have none and emails ours — the first time only, so a
 * repeated verify or webhook sends nothing. Neither follow-up can fail the crediting: the money
 * is in, so their errors are logged. Returns the credits the payment added.
 */
export async function creditWithReceipt(
  deps: AppDeps,
  sessionId: string,
  providerReceipt?: (sessionId: string) => Promise<ProviderReceipt>,
): Promise<number> {
  const { payment, firstTime } = await creditPayment(deps.database.db, sessionId)
  if (providerReceipt && payment.provider === "stripe" && !payment.stripe_receipt_url)
    await storeProviderReceipt(deps, payment, providerReceipt)
  if (firstTime) await sendReceiptEmail(deps, payment)
  return payment.credits
}

async function storeProviderReceipt(
  deps: AppDeps,
  payment: Payment,
  providerReceipt: (sessionId: string) => Promise<ProviderReceipt>,
) {
  try {
    await recordProviderReceipt(
      deps.database.db,
      payment.id,
      await providerReceipt(payment.session_id),
    )
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, "could not read Stripe's receipt")
  }
}

async function sendReceiptEmail(deps: AppDeps, payment: Payment) {
  try {
    const lookup = await findReceipt(deps.database.db, payment.user_id, payment.id)
    if (!lookup.found || !lookup.receipt.billed_to) return
    const { receipt } = lookup
    await deps.mailer.send(
      receiptEmail({
        to: receipt.billed_to!,
        receiptNumber: receipt.receipt_number,
        amountCents: receipt.amount_cents,
        currency: receipt.currency,
        credits: receipt.credits,
        paidAt: new Date(receipt.paid_at),
        companyName: receipt.company_name,
        link: receiptPageUrl(deps.env.SITE_URL, payment.id),
      }),
    )
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, "receipt email failed")
  }
}
