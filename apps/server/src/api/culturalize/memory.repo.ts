import type { EngineName } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

/** How long an answer is given again for free. */
export const MEMORY_DAYS = 90

/** What an exact repeat is answered with. */
export type RememberedAnswer = {
  translated_text: string
  note?: string
  rationale?: string
  backtranslation?: string | null
  /** The engine that produced it (answers kept before it was recorded have none). */
  engine?: EngineName
}

export async function recall(
  db: Db,
  companyId: string,
  requestHash: string,
): Promise<RememberedAnswer | null> {
  const { rows } = await sql<{ answer: RememberedAnswer }>`
    select answer from nativ.culturalize_memory
    where user_id = ${companyId} and request_hash = ${requestHash}
      and created_at > now() - make_interval(days => ${MEMORY_DAYS})
  `.execute(db)
  return rows[0]?.answer ?? null
}

/**
 * Keeps (or refreshes) an answer, as a CTE of any statement (a data-modifying CTE runs whether or
 * not the statement reads it). The charge path keeps its answers inside nativ.charge_culturalize,
 * with this same upsert.
 */
export function rememberCte(companyId: string, requestHash: string, answer: RememberedAnswer) {
  return sql`remembered as (
    insert into nativ.culturalize_memory (user_id, request_hash, answer)
    values (${companyId}, ${requestHash}, ${JSON.stringify(answer)}::jsonb)
    on conflict (user_id, request_hash)
      do update set answer = excluded.answer, created_at = now()
  )`
}

/**
 * What a charge passes nativ.charge_culturalize for its clean-up: one call in a hundred the
 * memory's days (expired answers are then forgotten, a bounded batch at a time), otherwise null.
 */
export function forgetAfterDaysNowAndThen(): number | null {
  return Math.random() < 0.01 ? MEMORY_DAYS : null
}

/** The same clean-up as a statement of its own, now and then (one call in a hundred). */
export async function forgetExpiredNowAndThen(db: Db) {
  if (forgetAfterDaysNowAndThen() === null) return
  await sql`
    delete from nativ.culturalize_memory where (user_id, request_hash) in (
      select user_id, request_hash from nativ.culturalize_memory
      where created_at < now() - make_interval(days => ${MEMORY_DAYS}) limit 1000)
  `.execute(db)
}
