import { sql } from "kysely"

import type { Db } from "../../db/schema"

/**
 * The calendar month (UTC) of the transaction's clock — the same now() that stamps the
 * operation a charge records, so a key's month counter and its operations agree on the month.
 */
export const THIS_MONTH = sql`date_trunc('month', now() at time zone 'UTC')::date`

/** A key's month counter, read as 0 when it was last written in an earlier month. */
export const CREDITS_USED_THIS_MONTH = sql`(case when usage_month = ${THIS_MONTH} then usage_month_credits else 0 end)`

/** A key has spent its monthly cap; the charge's transaction must roll back. */
export class KeyCapReachedError extends Error {
  constructor(readonly cap: number) {
    super("API key monthly credit cap reached")
  }
}

export type KeyAllowance = { cap: number | null; used: number }

/** The key's cap and what it has spent this month: one primary-key read. */
export async function readKeyAllowance(db: Db, apiKeyId: string): Promise<KeyAllowance> {
  const { rows } = await sql<{ cap: string | number | null; used: string | number }>`
    select monthly_credit_cap as cap, ${CREDITS_USED_THIS_MONTH} as used
    from public.api_keys where id = ${apiKeyId}
  `.execute(db)
  const row = rows[0]
  return { cap: row?.cap == null ? null : Number(row.cap), used: Number(row?.used ?? 0) }
}

export const capReached = ({ cap, used }: KeyAllowance) => cap !== null && used >= cap

/**
 * A charge's addition to its key's month, as a CTE for the statement that records the operation
 * (one round trip fewer than a statement of its own). That statement runs after the debit, which
 * holds the company's balance row lock, and the update locks the key's row, so concurrent charges
 * of one key add up one after the other. `before` and `cap` come back for checkKeyCharge; no row
 * (no key, or a free answer) leaves them null.
 */
export function keyChargeCte(apiKeyId: string | null, cost: number) {
  return sql`key_charge as (
    update public.api_keys set
      usage_month_credits = ${CREDITS_USED_THIS_MONTH} + ${cost},
      usage_month = ${THIS_MONTH}
    where id = ${apiKeyId} and ${cost} > 0
    returning usage_month_credits - ${cost} as before, monthly_credit_cap as cap
  )`
}

/**
 * Throws KeyCapReachedError when the key had already spent its cap before this charge (the
 * transaction must then roll back): a request is let through while anything is left, so a month
 * ends at most one request's cost over the cap.
 */
export function checkKeyCharge(row: {
  key_before: string | number | null
  key_cap: string | number | null
}) {
  if (row.key_before == null || row.key_cap == null) return
  const allowance = { cap: Number(row.key_cap), used: Number(row.key_before) }
  if (capReached(allowance)) throw new KeyCapReachedError(allowance.cap)
}
