import { sql } from "kysely"

import type { Db } from "../db/schema"

/**
 * The one way a balance changes. Every credit or debit (purchase, culturalize charge, seed,
 * adjustment) goes through nativ.apply_credit_delta: one ledger row plus the users.credits update
 * in the caller's transaction, recorded once per (reason, reference) — a repeat with the same
 * reference moves nothing and answers `applied: false`.
 *
 * A debit that takes the balance below the company's low-balance threshold queues the owners'
 * alert emails in the same statement (the users trigger of *_low_balance_alerts.sql, under the row
 * lock apply_credit_delta takes), so the alert commits or rolls back with the debit, and
 * mail/email-outbox.ts sends it after commit.
 */
export type CreditReason = "purchase" | "culturalize" | "seed" | "adjustment" | "signup_grant"

export type CreditChange = { applied: boolean; delta: number; balance: number }

/** A debit the balance does not cover (SQLSTATE PT402 from nativ.apply_credit_delta). */
export class InsufficientCreditsError extends Error {
  constructor() {
    super("insufficient credits")
  }
}

export async function applyCreditDelta(
  db: Db,
  change: { userId: string; delta: number; reason: CreditReason; reference: string },
): Promise<CreditChange> {
  try {
    const { rows } = await sql<{ applied: boolean; delta: number; balance: number }>`
      select applied, delta, balance
      from nativ.apply_credit_delta(${change.userId}, ${change.delta}, ${change.reason}, ${change.reference})
    `.execute(db)
    const row = rows[0]!
    return { applied: row.applied, delta: Number(row.delta), balance: Number(row.balance) }
  } catch (error) {
    if ((error as { code?: string }).code === "PT402") throw new InsufficientCreditsError()
    throw error
  }
}

export async function readBalance(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{
    credits: number
  }>`select credits from public.users where id = ${userId}`.execute(db)
  return Number(rows[0]?.credits ?? 0)
}
