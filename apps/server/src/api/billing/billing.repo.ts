import type { BillingPayment, BillingPaymentsQuery } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type PaymentRow = {
  id: string
  created_at: Date
  paid_at: Date | null
  credits: number
  amount_cents: number
  currency: string
  status: BillingPayment["status"]
  receipt_number: string | null
  stripe_receipt_url: string | null
  checkout_url: string | null
  member_email: string | null
  total: number
}

/**
 * The company's purchases, newest first (payments_user_created_idx), with the total count. A
 * checkout left unpaid for 24 hours is listed as expired (derived here; the row stays pending, so a
 * late payment is still credited and then shows paid); only an open one carries its checkout URL.
 */
export async function listBillingPayments(db: Db, companyId: string, page: BillingPaymentsQuery) {
  const { rows } = await sql<PaymentRow>`
    select id, created_at, paid_at, credits::float8 as credits, amount_cents::float8 as amount_cents,
      currency, receipt_number, stripe_receipt_url, member_email,
      case when status = 'pending' and created_at < now() - interval '24 hours' then 'expired'
        else status end as status,
      case when status = 'pending' and created_at >= now() - interval '24 hours' then checkout_url
        end as checkout_url,
      count(*) over ()::int as total
    from public.payments
    where user_id = ${companyId}
    order by created_at desc, id desc
    limit ${page.limit} offset ${page.offset}
  `.execute(db)
  // Past the last page there are no rows to carry the count.
  const total = rows[0]?.total ?? (page.offset > 0 ? await countPayments(db, companyId) : 0)
  return { payments: rows.map(toBillingPayment), total }
}

async function countPayments(db: Db, companyId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from public.payments where user_id = ${companyId}
  `.execute(db)
  return rows[0]?.n ?? 0
}

function toBillingPayment(row: PaymentRow): BillingPayment {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    credits: Number(row.credits),
    amount: Number(row.amount_cents) / 100,
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    receipt_number: row.receipt_number,
    receipt_url: row.stripe_receipt_url,
    checkout_url: row.checkout_url,
    started_by: row.member_email,
  }
}
