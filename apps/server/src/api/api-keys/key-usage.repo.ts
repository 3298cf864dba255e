import { sql } from "kysely"

/**
 * The calendar month (UTC) of the transaction's clock — the same now() that stamps the
 * operation a charge records, so a key's month counter and its operations agree on the month
 * (nativ.charge_culturalize adds to the counter with the same expression).
 */
export const THIS_MONTH = sql`date_trunc('month', now() at time zone 'UTC')::date`

/** A key's month counter, read as 0 when it was last written in an earlier month. */
export const CREDITS_USED_THIS_MONTH = sql`(case when usage_month = ${THIS_MONTH} then usage_month_credits else 0 end)`

/** A key has spent its monthly cap (SQLSTATE PK402 from nativ.charge_culturalize). */
export class KeyCapReachedError extends Error {
  constructor(readonly cap: number) {
    super("API key monthly credit cap reached")
  }
}

export type KeyAllowance = { cap: number | null; used: number }

/**
 * The key's cap and what it has spent this month as one JSON value ({cap, used}), null for no
 * key: a primary-key read to embed in a larger statement (see culturalize-context.repo.ts).
 */
export function keyAllowanceJson(apiKeyId: string | null) {
  return sql`(select json_build_object('cap', monthly_credit_cap, 'used', ${CREDITS_USED_THIS_MONTH})
    from public.api_keys where id = ${apiKeyId})`
}

export const capReached = ({ cap, used }: KeyAllowance) => cap !== null && used >= cap
