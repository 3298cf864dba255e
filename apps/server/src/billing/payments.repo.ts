import { sql } from "kysely"

import type { Db } from "../db/schema"
import { applyCreditDelta } from "./ledger"

export type PaymentStatus = "pending" | "paid" | "canceled"

export type Payment = {
  id: string
  user_id: string
  provider: "local" | "stripe"
  session_id: string
  credits: number
  amount_cents: number
  status: PaymentStatus
  credited_at: Date | null
  /** Given by the database when the payment is credited (migration 20260106000300). */
  receipt_number: string | null
  member_email: string | null
  stripe_receipt_url: string | null
}

const columns = sql`id, user_id, provider, session_id, credits::float8 as credits,
  amount_cents::float8 as amount_cents, status, credited_at, receipt_number, member_email,
  stripe_receipt_url`

export async function insertPayment(
  db: Db,
  payment: Pick<Payment, "user_id" | "provider" | "session_id" | "credits" | "amount_cents"> & {
    /** Who started the checkout; the activity log names them when the purchase is credited. */
    member_email: string | null
    /** The checkout's address, so an open purchase can be continued from Billing history. */
    checkout_url?: string | null
  },
) {
  await sql`
    insert into public.payments (user_id, member_email, provider, session_id, credits, amount_cents,
      checkout_url)
    values (${payment.user_id}, ${payment.member_email}, ${payment.provider}, ${payment.session_id},
      ${payment.credits}, ${payment.amount_cents}, ${payment.checkout_url ?? null})
  `.execute(db)
}

export async function findPayment(db: Db, sessionId: string): Promise<Payment | null> {
  const { rows } = await sql<Payment>`
    select ${columns} from public.payments where session_id = ${sessionId}
  `.execute(db)
  return rows[0] ?? null
}

/** pending → paid or canceled; a settled payment keeps its status. Returns the current row. */
export async function settlePayment(
  db: Db,
  sessionId: string,
  status: "paid" | "canceled",
): Promise<Payment | null> {
  await sql`
    update public.payments
    set status = ${status}, paid_at = case when ${status} = 'paid' then now() end
    where session_id = ${sessionId} and status = 'pending'
  `.execute(db)
  return findPayment(db, sessionId)
}

/**
 * Credits a paid payment exactly once: the payment row is locked, the ledger row (reason
 * 'purchase', reference = payment id, unique) and the balance change happen in one transaction,
 * and credited_at marks it done (the database numbers its receipt then). Returns the payment as
 * credited, also on a repeat call; `firstTime` is true for the one call that credited it.
 */
export async function creditPayment(
  db: Db,
  sessionId: string,
): Promise<{ payment: Payment; firstTime: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<Payment>`
      select ${columns} from public.payments where session_id = ${sessionId} for update
    `.execute(trx)
    const payment = rows[0]
    if (!payment || payment.status !== "paid") throw new Error("payment is not paid")
    if (payment.credited_at) return { payment, firstTime: false }
    await applyCreditDelta(trx, {
      userId: payment.user_id,
      delta: payment.credits,
      reason: "purchase",
      reference: payment.id,
    })
    const credited = await sql<Payment>`
      update public.payments set credited_at = now() where id = ${payment.id} returning ${columns}
    `.execute(trx)
    return { payment: credited.rows[0]!, firstTime: true }
  })
}

/** Stripe's payment intent and receipt for a paid Stripe payment; set once, kept afterwards. */
export async function recordProviderReceipt(
  db: Db,
  paymentId: string,
  receipt: { reference: string | null; receiptUrl: string | null },
) {
  await sql`
    update public.payments
    set provider_reference = coalesce(provider_reference, ${receipt.reference}),
      stripe_receipt_url = coalesce(stripe_receipt_url, ${receipt.receiptUrl})
    where id = ${paymentId}
  `.execute(db)
}
