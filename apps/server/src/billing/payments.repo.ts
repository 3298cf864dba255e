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
}

const columns = sql`id, user_id, provider, session_id, credits::float8 as credits,
  amount_cents::float8 as amount_cents, status, credited_at`

export async function insertPayment(
  db: Db,
  payment: Pick<Payment, "user_id" | "provider" | "session_id" | "credits" | "amount_cents"> & {
    /** Who started the checkout; the activity log names them when the purchase is credited. */
    member_email: string | null
  },
) {
  await sql`
    insert into public.payments (user_id, member_email, provider, session_id, credits, amount_cents)
    values (${payment.user_id}, ${payment.member_email}, ${payment.provider}, ${payment.session_id},
      ${payment.credits}, ${payment.amount_cents})
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
 * and credited_at marks it done. Returns the credits the payment added, also on a repeat call.
 */
export async function creditPayment(db: Db, sessionId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<Payment>`
      select ${columns} from public.payments where session_id = ${sessionId} for update
    `.execute(trx)
    const payment = rows[0]
    if (!payment || payment.status !== "paid") throw new Error("payment is not paid")
    if (payment.credited_at) return payment.credits
    await applyCreditDelta(trx, {
      userId: payment.user_id,
      delta: payment.credits,
      reason: "purchase",
      reference: payment.id,
    })
    await sql`update public.payments set credited_at = now() where id = ${payment.id}`.execute(trx)
    return payment.credits
  })
}
