import { sql } from "kysely"

import { isDatabaseUnavailable } from "../db/unavailable"
import type { AppDeps } from "../deps"
import { disableFailingEndpoint } from "./disable-endpoint"
import { postWebhook, type PostResult } from "./post-webhook"
import { DISABLE_AFTER_MS, GIVE_UP_AFTER_MS, retryDelayMs } from "./retry-schedule"
import { signedHeaders } from "./sign"

/**
 * Sends the deliveries the database queued in nativ.webhook_deliveries (written in the transaction
 * that caused each event), as apps/server/src/mail/email-outbox.ts sends emails: a sender claims
 * due rows for a lease (FOR UPDATE SKIP LOCKED, so two replicas never take the same row), posts
 * each, then records the answer.
 *
 * Head-of-line rule: per endpoint, deliveries go one at a time in the order the events happened
 * (the row id). Only an endpoint's oldest pending delivery may be sent; the next waits until it has
 * succeeded or been given up (72 hours), whether it waits for a retry or is in flight. A Send test
 * ping and a resend queue behind earlier pending deliveries like any other event.
 *
 * Exactly once per event, as a receiver sees it: every event reaches the endpoint at least once,
 * always under the same `webhook-id`, and once the server has recorded an answer 2xx it never sends
 * that id again (short of a resend someone asks for). The one window for a repeat is a process
 * dying after the receiver answered and before the answer was recorded: the lease then expires and
 * the same message goes again — a receiver that dedupes on webhook-id sees each event once.
 */

type Deps = Pick<AppDeps, "database" | "env" | "logger" | "clock">

/** Longer than an attempt (10 s) with room to record it; a dead sender's rows wait this long. */
const LEASE_MS = 30_000
const BATCH = 50
/** A run stops claiming after this many rounds, so the timer's next run shares the database. */
const MAX_ROUNDS = 20

type Claimed = {
  id: number
  endpoint_id: string
  company_id: string
  message_id: string
  event: string
  payload: Record<string, unknown>
  attempts: number
  created_at: Date
  url: string
  secret: string
}

/** Sends what is due, round after round until nothing is; returns how many attempts were made. */
export async function sendDueWebhooks(deps: Deps, stopping = () => false): Promise<number> {
  let attempts = 0
  for (let round = 0; round < MAX_ROUNDS && !stopping(); round++) {
    const claimed = await claimDue(deps)
    if (claimed.length === 0) break
    // At most one row per endpoint was claimed, so endpoints go in parallel, each in order.
    await Promise.all(claimed.map((row) => attempt(deps, row)))
    attempts += claimed.length
  }
  return attempts
}

async function claimDue(deps: Deps): Promise<Claimed[]> {
  const now = deps.clock()
  const { rows } = await sql<Claimed>`
    with claimed as (
      update nativ.webhook_deliveries d
      set claimed_until = ${now}::timestamptz + make_interval(secs => ${LEASE_MS / 1000}),
        attempts = d.attempts + 1
      where d.id in (
        select q.id from nativ.webhook_deliveries q
        join nativ.webhook_endpoints e on e.id = q.endpoint_id
        where q.status = 'pending' and e.enabled
          and q.next_attempt_at <= ${now}
          and (q.claimed_until is null or q.claimed_until < ${now})
          and not exists (
            select from nativ.webhook_deliveries h
            where h.endpoint_id = q.endpoint_id and h.status = 'pending' and h.id < q.id)
        order by q.id
        limit ${BATCH}
        for update of q skip locked
      )
      returning d.id, d.endpoint_id, d.company_id, d.message_id, d.event, d.payload, d.attempts,
        d.created_at
    )
    select c.*, e.url, e.secret from claimed c join nativ.webhook_endpoints e on e.id = c.endpoint_id
    order by c.id
  `.execute(deps.database.db)
  return rows
}

async function attempt(deps: Deps, row: Claimed) {
  const now = deps.clock()
  const body = JSON.stringify(row.payload)
  let result: PostResult
  try {
    const headers = signedHeaders(row.secret, row.message_id, now, body)
    result = await postWebhook(row.url, headers, body, {
      production: deps.env.NODE_ENV === "production",
    })
  } catch (error) {
    result = {
      status: null,
      body: error instanceof Error ? error.message : String(error),
      durationMs: 0,
    }
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300
  await (ok ? recordSuccess(deps, row, result, now) : recordFailure(deps, row, result, now))
}

async function recordSuccess(deps: Deps, row: Claimed, result: PostResult, at: Date) {
  await deps.database.db.transaction().execute(async (trx) => {
    await sql`update nativ.webhook_deliveries
      set status = 'succeeded', next_attempt_at = null, claimed_until = null,
        response_status = ${result.status}, response_body = ${result.body},
        duration_ms = ${result.durationMs}, last_attempt_at = ${at}, completed_at = ${deps.clock()}
      where id = ${row.id}`.execute(trx)
    await sql`update nativ.webhook_endpoints set failing_since = null
      where id = ${row.endpoint_id} and failing_since is not null`.execute(trx)
  })
}

async function recordFailure(deps: Deps, row: Claimed, result: PostResult, at: Date) {
  const giveUp = at.getTime() - row.created_at.getTime() >= GIVE_UP_AFTER_MS
  const next = new Date(at.getTime() + retryDelayMs(row.attempts))
  deps.logger.warn(
    {
      deliveryId: row.id,
      endpointId: row.endpoint_id,
      status: result.status,
      attempts: row.attempts,
    },
    giveUp ? "webhook failed; giving up" : "webhook failed; will retry",
  )
  await deps.database.db.transaction().execute(async (trx) => {
    await sql`update nativ.webhook_deliveries
      set status = ${giveUp ? "failed" : "pending"},
        next_attempt_at = ${giveUp ? null : next}, claimed_until = null,
        completed_at = ${giveUp ? at : null},
        response_status = ${result.status}, response_body = ${result.body},
        duration_ms = ${result.durationMs}, last_attempt_at = ${at}
      where id = ${row.id}`.execute(trx)
    const { rows } = await sql<{ failing_since: Date }>`
      update nativ.webhook_endpoints set failing_since = coalesce(failing_since, ${at})
      where id = ${row.endpoint_id} returning failing_since`.execute(trx)
    const since = rows[0]?.failing_since
    if (since && at.getTime() - since.getTime() >= DISABLE_AFTER_MS)
      await disableFailingEndpoint(trx, row.endpoint_id, since)
  })
}

export type WebhookWorker = {
  /** Sends what is due now (the server calls it on a timer; tests call it directly). */
  runNow(): Promise<void>
  /** Stops the timer and waits for a run in progress, before the database closes. */
  stop(): Promise<void>
}

/**
 * Runs the sender at start-up and every `intervalMs`. Runs never overlap in one process; across
 * replicas the claim keeps them apart. The timer does not keep the process alive.
 */
export function startWebhookWorker(deps: Deps, intervalMs = 1_000): WebhookWorker {
  let running: Promise<void> | null = null
  let stopped = false
  const runNow = () => {
    if (stopped) return Promise.resolve()
    // A shutdown waits for the attempts in flight, not for the rounds after them.
    running ??= sendDueWebhooks(deps, () => stopped)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err))
          deps.logger.debug({ err }, "webhooks: database unavailable; next run retries")
        else deps.logger.error({ err }, "webhooks: run failed")
      })
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(() => void runNow(), intervalMs)
  timer.unref()
  void runNow()
  return {
    runNow,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
