import { sql } from "kysely"

import { isDatabaseUnavailable } from "../db/unavailable"
import type { AppDeps } from "../deps"
import { lowBalanceEmail } from "../mail/low-balance-email"

/**
 * Sends the low-balance alerts that debits queued in nativ.low_balance_emails (written by the
 * users trigger in the debit's own transaction, supabase/migrations/*_low_balance_alerts.sql).
 * A sender first claims rows for a lease (FOR UPDATE SKIP LOCKED, so two replicas or two runs
 * never take the same row), sends each, then marks it sent. A failed send is retried after a
 * back-off, at most MAX_ATTEMPTS times. The one window for a repeat is a process dying between
 * the mail server accepting a message and the row being marked — the lease then expires and the
 * row goes again; that is preferred to losing the alert.
 */

type Deps = Pick<AppDeps, "database" | "mailer" | "env" | "logger">

const LEASE = "10 minutes"
const MAX_ATTEMPTS = 8
const BATCH = 50

type Claimed = {
  id: number
  to_address: string
  company_name: string | null
  balance: number
  threshold: number
  attempts: number
}

/** Sends what is due; returns how many emails went out. */
export async function sendLowBalanceEmails(deps: Deps): Promise<number> {
  const { db } = deps.database
  const { rows } = await sql<Claimed>`
    update nativ.low_balance_emails e
    set claimed_until = now() + ${LEASE}::interval, attempts = e.attempts + 1
    where e.id in (
      select q.id from nativ.low_balance_emails q
      where q.sent_at is null and q.attempts < ${MAX_ATTEMPTS}
        and (q.claimed_until is null or q.claimed_until < now())
      order by q.id
      limit ${BATCH}
      for update skip locked
    )
    returning e.id, e.to_address, e.company_name, e.balance, e.threshold, e.attempts
  `.execute(db)
  let sent = 0
  for (const row of rows) {
    try {
      await deps.mailer.send(
        lowBalanceEmail({
          to: row.to_address,
          companyName: row.company_name,
          balance: Number(row.balance),
          threshold: Number(row.threshold),
          siteUrl: deps.env.SITE_URL,
        }),
      )
    } catch (error) {
      await retryLater(deps, row, error)
      continue
    }
    await sql`update nativ.low_balance_emails set sent_at = now(), claimed_until = null, last_error = null
      where id = ${row.id}`.execute(db)
    sent += 1
  }
  return sent
}

async function retryLater(deps: Deps, row: Claimed, error: unknown) {
  const giveUp = row.attempts >= MAX_ATTEMPTS
  const log = { err: error, id: row.id, to: row.to_address, attempts: row.attempts }
  if (giveUp) deps.logger.error(log, "low-balance email failed; giving up")
  else deps.logger.warn(log, "low-balance email failed; will retry")
  // Back-off: 30 s, 1 min, 2 min, … through the lease column.
  const seconds = 30 * 2 ** (row.attempts - 1)
  await sql`update nativ.low_balance_emails
    set claimed_until = now() + make_interval(secs => ${seconds}),
      last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)}
    where id = ${row.id}`.execute(deps.database.db)
}

export type LowBalanceSender = {
  /** Sends what is due now (the server calls it on a timer; tests call it directly). */
  runNow(): Promise<void>
  /** Stops the timer and waits for a run in progress, before the database closes. */
  stop(): Promise<void>
}

/**
 * Runs the sender at start-up and every `intervalMs`. Runs never overlap in one process; across
 * replicas the claim keeps them apart. The timer does not keep the process alive.
 */
export function startLowBalanceEmails(deps: Deps, intervalMs = 2_000): LowBalanceSender {
  let running: Promise<void> | null = null
  let stopped = false
  const runNow = () => {
    if (stopped) return Promise.resolve()
    running ??= sendLowBalanceEmails(deps)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err))
          deps.logger.debug({ err }, "low-balance emails: database unavailable; next run retries")
        else deps.logger.error({ err }, "low-balance emails: run failed")
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
