import type { AppDeps } from "../deps"
import { sendOutboxEmails } from "../mail/email-outbox"
import { creditPayment, type Payment, recordProviderReceipt } from "./payments.repo"
import type { ProviderReceipt } from "./stripe-receipt"

/**
 * Credits a paid payment (exactly once: creditPayment, whose transaction also queues the receipt
 * email in nativ.email_outbox) and then stores the provider's receipt while we have none. The first
 * time, the outbox is sent at once rather than on the server's next run, so the email arrives
 * with the purchase; a repeated verify or webhook sends nothing. Neither follow-up can fail the
 * crediting: the money is in, so their errors are logged (and the outbox retries the email).
 * Returns the credits the payment added.
 */
export async function creditWithReceipt(
  deps: AppDeps,
  sessionId: string,
  providerReceipt?: (sessionId: string) => Promise<ProviderReceipt>,
): Promise<number> {
  const { payment, firstTime } = await creditPayment(deps.database.db, sessionId)
  if (providerReceipt && payment.provider === "stripe" && !payment.stripe_receipt_url)
    await storeProviderReceipt(deps, payment, providerReceipt)
  if (firstTime)
    await sendOutboxEmails(deps).catch((error: unknown) =>
      deps.logger.error({ err: error, paymentId: payment.id }, "receipt email: outbox run failed"),
    )
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
