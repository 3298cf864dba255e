import type { Receipt } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../db/schema"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type ReceiptRow = {
  id: string
  provider: "local" | "stripe"
  session_id: string
  provider_reference: string | null
  stripe_receipt_url: string | null
  credits: number
  amount_cents: number
  currency: string
  status: "pending" | "paid" | "canceled"
  paid_at: Date | null
  receipt_number: string | null
  member_email: string | null
  company_name: string | null
  owner_email: string | null
}

/** Why a payment has no receipt: not the company's (or no such id), or not credited yet. */
export type ReceiptLookup =
  | { found: true; receipt: Receipt }
  | { found: false; reason: "missing" }
  | { found: false; reason: "not_paid"; status: "pending" | "paid" | "canceled" }

/** The receipt of one of the company's payments; only a credited payment has one. */
export async function findReceipt(
  db: Db,
  companyId: string,
  paymentId: string,
): Promise<ReceiptLookup> {
  // Not a uuid: no such payment, without asking the database to cast it.
  if (!UUID.test(paymentId)) return { found: false, reason: "missing" }
  const { rows } = await sql<ReceiptRow>`
    select p.id, p.provider, p.session_id, p.provider_reference, p.stripe_receipt_url,
      p.credits::float8 as credits, p.amount_cents::float8 as amount_cents, p.currency, p.status,
      p.paid_at, p.receipt_number, p.member_email, u.name as company_name,
      (select e.email from public.end_users e where e.user_id = p.user_id and e.role = 'owner'
        order by e.created_at, e.id limit 1) as owner_email
    from public.payments p join public.users u on u.id = p.user_id
    where p.id = ${paymentId} and p.user_id = ${companyId}
  `.execute(db)
  const row = rows[0]
  if (!row) return { found: false, reason: "missing" }
  if (row.status !== "paid" || !row.receipt_number || !row.paid_at)
    return { found: false, reason: "not_paid", status: row.status }
  return {
    found: true,
    receipt: {
      receipt_number: row.receipt_number,
      payment_id: row.id,
      company_name: row.company_name,
      billed_to: row.member_email ?? row.owner_email,
      paid_at: new Date(row.paid_at).toISOString(),
      credits: Number(row.credits),
      amount: Number(row.amount_cents) / 100,
      amount_cents: Number(row.amount_cents),
      currency: row.currency,
      provider: row.provider,
      payment_reference: row.provider_reference ?? row.session_id,
      receipt_url: row.stripe_receipt_url,
    },
  }
}
