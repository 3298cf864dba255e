import { sql } from "kysely"

import type { Db } from "../db/schema"

export type CreditChange = { applied: boolean; delta: number; balance: number }

/**
 * Moves a balance through nativ.apply_credit_delta: one ledger row plus the users.credits update,
 * in the caller's transaction, idempotent per (reason, reference). A debit past zero raises
 * SQLSTATE PT402 ("insufficient credits").
 */
export async function applyCreditDelta(
  db: Db,
  change: { userId: string; delta: number; reason: string; reference: string },
): Promise<CreditChange> {
  const { rows } = await sql<{ applied: boolean; delta: number; balance: number }>`
    select applied, delta, balance
    from nativ.apply_credit_delta(${change.userId}, ${change.delta}, ${change.reason}, ${change.reference})
  `.execute(db)
  const row = rows[0]!
  return { applied: row.applied, delta: Number(row.delta), balance: Number(row.balance) }
}
