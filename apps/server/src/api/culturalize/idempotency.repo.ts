import { sql } from "kysely"

import type { Db } from "../../db/schema"

/**
 * Idempotency-Key claims in nativ.idempotent_requests. The first send of a key inserts a claim
 * (its own statement, committed at once) and runs the request; sends that overlap it find the
 * claim and wait for its outcome, so every one of them gets the same answer.
 *
 * - A success is kept for IDEMPOTENCY_RETENTION_HOURS (24 h, as Stripe keeps keys) and replayed.
 * - A failure (402, engine error, …) is kept for the sends that were waiting on it; the next send
 *   of the key after it runs the request again, so a client can buy credits or wait out an engine
 *   outage and retry with the same key. A key is never poisoned by a failure.
 * - A claim whose process died mid-request is taken over once it is older than the longest a
 *   request can run (`staleAfterMs`).
 * - Rows older than the retention are deleted a few at a time whenever a key is claimed, with
 *   SKIP LOCKED so replicas sharing a database never wait on each other's deletes.
 */
export const IDEMPOTENCY_RETENTION_HOURS = 24
const EXPIRE_BATCH = 100

export type StoredOutcome = { status: number; body: unknown }

type ClaimRow = {
  request_hash: string
  status: number | null
  response: unknown
  attempt: string
}

/** Claims the key for `attempt`; true when this send now runs the request. */
export async function claimKey(
  db: Db,
  claim: {
    userId: string
    key: string
    requestHash: string
    attempt: string
    staleAfterMs: number
  },
): Promise<boolean> {
  const { rows } = await sql<{ attempt: string }>`
    insert into nativ.idempotent_requests as r (user_id, idempotency_key, request_hash, attempt)
    values (${claim.userId}, ${claim.key}, ${claim.requestHash}, ${claim.attempt})
    on conflict (user_id, idempotency_key) do update
      set request_hash = excluded.request_hash, attempt = excluded.attempt,
        status = null, response = null, created_at = now()
      where r.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
        or (r.request_hash = excluded.request_hash and (r.status >= 400
          or (r.status is null and r.created_at < now() - make_interval(secs => ${claim.staleAfterMs / 1000}))))
    returning attempt::text as attempt
  `.execute(db)
  return rows[0]?.attempt === claim.attempt
}

export async function readClaim(db: Db, userId: string, key: string) {
  const { rows } = await sql<ClaimRow>`
    select request_hash, status, response, attempt::text as attempt
    from nativ.idempotent_requests
    where user_id = ${userId} and idempotency_key = ${key}
      and created_at >= now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
  `.execute(db)
  return rows[0]
}

/** Stores the attempt's answer; false when the claim is no longer this attempt's. */
export async function settleClaim(
  db: Db,
  claim: { userId: string; key: string; attempt: string },
  outcome: StoredOutcome,
): Promise<boolean> {
  const { rows } = await sql`
    update nativ.idempotent_requests
    set status = ${outcome.status}, response = ${JSON.stringify(outcome.body)}::jsonb
    where user_id = ${claim.userId} and idempotency_key = ${claim.key}
      and attempt = ${claim.attempt} and status is null
    returning 1
  `.execute(db)
  return rows.length === 1
}

/** Gives the key up after an unexpected failure, so the next send runs the request again. */
export async function releaseClaim(
  db: Db,
  claim: { userId: string; key: string; attempt: string },
) {
  await sql`
    delete from nativ.idempotent_requests
    where user_id = ${claim.userId} and idempotency_key = ${claim.key}
      and attempt = ${claim.attempt} and status is null
  `.execute(db)
}

/** Deletes up to EXPIRE_BATCH rows older than the retention; returns how many. */
export async function expireIdempotentRequests(db: Db): Promise<number> {
  const { rows } = await sql`
    delete from nativ.idempotent_requests
    where (user_id, idempotency_key) in (
      select user_id, idempotency_key from nativ.idempotent_requests
      where created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
      order by created_at
      limit ${EXPIRE_BATCH}
      for update skip locked
    )
    returning 1
  `.execute(db)
  return rows.length
}
