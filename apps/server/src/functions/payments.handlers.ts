import {
  amountToCents,
  createPaymentInputSchema,
  ROLE_CAN,
  verifyPaymentInputSchema,
} from "@nativ/contracts"
import type { Context } from "hono"
import { sql } from "kysely"

import { creditWithReceipt } from "../billing/credit-with-receipt"
import { findPayment, insertPayment, settlePayment } from "../billing/payments.repo"
import type { PaymentProvider } from "../billing/payment-provider"
import type { AppDeps } from "../deps"
import { authenticateCaller, FunctionError, readInput } from "./function-error"

/**
 * create-payment {credits, amount} → {url}. Credits are recomputed from the amount ($1 = 1,000
 * credits) and a disagreeing body is refused; a pending payments row records the session and its
 * checkout URL (for "Continue payment" in Billing history).
 */
export async function createPayment(deps: AppDeps, provider: PaymentProvider, c: Context) {
  const caller = await authenticateCaller(deps, c)
  if (!ROLE_CAN.buyCredits(caller.role))
    throw new FunctionError(403, "Only owners and admins can buy credits.")
  const input = await readInput(c, createPaymentInputSchema)
  const amountCents = amountToCents(input.amount)!
  const { rows } = await sql`select 1 from public.users where id = ${caller.companyId}`.execute(
    deps.database.db,
  )
  if (!rows.length) throw new FunctionError(404, "Account not found")

  const checkout = await providerCall(deps, c, () =>
    provider.createCheckout({
      paymentRef: crypto.randomUUID(),
      userId: caller.companyId,
      email: caller.email,
      credits: input.credits,
      amountCents,
    }),
  )
  await insertPayment(deps.database.db, {
    user_id: caller.companyId,
    member_email: caller.email,
    provider: provider.name,
    session_id: checkout.sessionId,
    credits: input.credits,
    amount_cents: amountCents,
    checkout_url: checkout.url,
  })
  return c.json({ url: checkout.url })
}

/**
 * verify-payment {session_id} → {credits_added}. Only the owner may verify; a paid session is
 * credited exactly once (then its receipt is emailed) and a repeat returns the same credits_added.
 */
export async function verifyPayment(deps: AppDeps, provider: PaymentProvider, c: Context) {
  const caller = await authenticateCaller(deps, c)
  const { session_id } = await readInput(c, verifyPaymentInputSchema)
  let payment = await findPayment(deps.database.db, session_id)
  if (!payment || payment.user_id !== caller.companyId)
    throw new FunctionError(404, "Payment session not found")

  if (payment.status === "pending" && payment.provider === provider.name) {
    const status = await providerCall(deps, c, () => provider.sessionStatus(session_id))
    if (status && status !== "pending")
      payment = (await settlePayment(deps.database.db, session_id, status)) ?? payment
  }
  if (payment.status === "canceled")
    throw new FunctionError(409, "This payment was canceled. No credits were added.")
  if (payment.status === "pending")
    throw new FunctionError(402, "This payment has not been completed yet.")
  const credits = await creditWithReceipt(deps, session_id, provider.receipt)
  return c.json({ credits_added: credits })
}

async function providerCall<T>(deps: AppDeps, c: Context, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    deps.logger.error({ reqId: c.get("requestId"), err: error }, "payment provider call failed")
    throw new FunctionError(502, "The payment provider could not be reached. Please try again.")
  }
}
