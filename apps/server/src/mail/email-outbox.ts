import { sql } from "kysely"

import { receiptPageUrl } from "../billing/receipt-page-url"
import { findReceipt } from "../billing/receipts.repo"
import { isDatabaseUnavailable } from "../db/unavailable"
import type { AppDeps } from "../deps"
import { lowBalanceEmail } from "./low-balance-email"
import type { MailMessage } from "./mailer"
import { receiptEmail } from "./receipt-email"
import { webhookDisabledEmail } from "./webhook-disabled-email"

/**
 * Sends the emails the database queued in nativ.email_outbox, in the transaction that decided
 * them: low-balance alerts (the users trigger, in the debit's transaction) and receipts (the
 * payments trigger, in the crediting transaction). A sender first claims rows for a lease (FOR
 * UPDATE SKIP LOCKED, so two replicas or two runs never take the same row), sends each, then marks
 * it sent. A failed send is retried after a back-off, at most MAX_ATTEMPTS times. The one window
 * for a repeat is a process dying between the mail server accepting a message and the row being
 * marked — the lease then expires and the row goes again; that is preferred to losing the email.
 */

type Deps = Pick<AppDeps, "database" | "mailer" | "env" | "logger">

const LEASE = "10 minutes"
const MAX_ATTEMPTS = 8
const BATCH = 50

type Claimed = {
  id: number
  kind: "low_balance" | "receipt" | "webhook_disabled"
  company_id: string
  to_address: string | null
  payload: Record<string, unknown>
  attempts: number
}

/** Sends what is due; returns how many emails went out. */
export async function sendOutboxEmails(deps: Deps): Promise<number> {
  const { db } = deps.database
  const { rows } = await sql<Claimed>`
    update nativ.email_outbox e
    set claimed_until = now() + ${LEASE}::interval, attempts = e.attempts + 1
    where e.id in (
      select q.id from nativ.email_outbox q
      where q.sent_at is null and q.attempts < ${MAX_ATTEMPTS}
        and (q.claimed_until is null or q.claimed_until < now())
      order by q.id
      limit ${BATCH}
      for update skip locked
    )
    returning e.id, e.kind, e.company_id, e.to_address, e.payload, e.attempts
  `.execute(db)
  let sent = 0
  for (const row of rows) {
    try {
      const message = await render(deps, row)
      if (message) await deps.mailer.send(message)
    } catch (error) {
      await retryLater(deps, row, error)
      continue
    }
    await sql`update nativ.email_outbox set sent_at = now(), claimed_until = null, last_error = null
      where id = ${row.id}`.execute(db)
    sent += 1
  }
  return sent
}

/** The email a row stands for; null when there is no one to send it to any more. */
async function render(deps: Deps, row: Claimed): Promise<MailMessage | null> {
  if (row.kind === "low_balance")
    return lowBalanceEmail({
      to: row.to_address!,
      companyName: (row.payload.company_name as string | null) ?? null,
      balance: Number(row.payload.balance),
      threshold: Number(row.payload.threshold),
      siteUrl: deps.env.SITE_URL,
    })
  if (row.kind === "webhook_disabled")
    return webhookDisabledEmail({
      to: row.to_address!,
      companyName: (row.payload.company_name as string | null) ?? null,
      url: String(row.payload.url),
      failingSince: new Date(String(row.payload.failing_since)),
      siteUrl: deps.env.SITE_URL,
    })
  const paymentId = String(row.payload.payment_id)
  const lookup = await findReceipt(deps.database.db, row.company_id, paymentId)
  if (!lookup.found || !lookup.receipt.billed_to) return null
  const { receipt } = lookup
  return receiptEmail({
    to: receipt.billed_to!,
    receiptNumber: receipt.receipt_number,
    amountCents: receipt.amount_cents,
    currency: receipt.currency,
    credits: receipt.credits,
    paidAt: new Date(receipt.paid_at),
    companyName: receipt.company_name,
    link: receiptPageUrl(deps.env.SITE_URL, paymentId),
  })
}

async function retryLater(deps: Deps, row: Claimed, error: unknown) {
  const giveUp = row.attempts >= MAX_ATTEMPTS
  const log = { err: error, id: row.id, kind: row.kind, attempts: row.attempts }
  if (giveUp) deps.logger.error(log, "email failed; giving up")
  else deps.logger.warn(log, "email failed; will retry")
  // Back-off: 30 s, 1 min, 2 min, … through the lease column.
  const seconds = 30 * 2 ** (row.attempts - 1)
  await sql`update nativ.email_outbox
    set claimed_until = now() + make_interval(secs => ${seconds}),
      last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)}
    where id = ${row.id}`.execute(deps.database.db)
}

export type OutboxSender = {
  /** Sends what is due now (the server calls it on a timer; tests call it directly). */
  runNow(): Promise<void>
  /** Stops the timer and waits for a run in progress, before the database closes. */
  stop(): Promise<void>
}

/**
 * Runs the sender at start-up and every `intervalMs`. Runs never overlap in one process; across
 * replicas the claim keeps them apart. The timer does not keep the process alive.
 */
export function startEmailOutbox(deps: Deps, intervalMs = 2_000): OutboxSender {
  let running: Promise<void> | null = null
  let stopped = false
  const runNow = () => {
    if (stopped) return Promise.resolve()
    running ??= sendOutboxEmails(deps)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err))
          deps.logger.debug({ err }, "email outbox: database unavailable; next run retries")
        else deps.logger.error({ err }, "email outbox: run failed")
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
