import { sql } from "kysely"

import { InsufficientCreditsError } from "../../billing/ledger"
import type { Db } from "../../db/schema"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import type { OperationDetail } from "../operations/operation-detail"
import { settleClaim } from "./idempotency.repo"
import { forgetAfterDaysNowAndThen, type RememberedAnswer } from "./memory.repo"

export type Charge<R> = {
  userId: string
  cost: number
  /** Ledger reference: the Idempotency-Key claim's attempt id, or a fresh id without a key. */
  reference: string
  operation: {
    action: string
    language: string
    tool: string
    fileId: string | null
    apiKeyId: string | null
    /** The member who made it (an API key's creator), as their email reads today. */
    memberEmail: string | null
    /** The connected app that made it (Connect), by name; null for keys and the dashboard. */
    appName: string | null
    /** Characters, engine, duration and the texts (kept only if the company keeps them). */
    detail?: OperationDetail | null
  }
  claim: { key: string; attempt: string } | null
  /** The answer to keep for free repeats (a fresh result), or null (an answer from memory). */
  memory: { requestHash: string; answer: RememberedAnswer } | null
  response: (balance: number, operationId: string) => R
}

/** The Idempotency-Key claim was taken over (it went stale); nothing was charged. */
export class ClaimLostError extends Error {}

/**
 * In one transaction: debit the balance (never below zero; once per reference; nothing for a free
 * answer), add the cost to the API key's month, record the operation, keep the answer for repeats
 * and store it on the key's claim. Throws InsufficientCreditsError when the balance no longer
 * covers the cost, KeyCapReachedError when the key has spent its monthly cap.
 *
 * Everything but the claim is one statement, nativ.charge_culturalize (its migration says what it
 * does): without an Idempotency-Key that statement is the whole transaction, one round trip. With a
 * key, the claim is settled beside it in an explicit transaction.
 */
export async function chargeAndRecord<R>(db: Db, charge: Charge<R>): Promise<R> {
  const { claim } = charge
  if (!claim) return chargeOnce(db, charge)
  // Inside a caller's transaction (a file's languages are charged together), join it.
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work)
  return inTransaction(async (trx) => {
    const response = await chargeOnce(trx, charge)
    const settled = await settleClaim(
      trx,
      { userId: charge.userId, ...claim },
      { status: 200, body: response },
    )
    if (!settled) throw new ClaimLostError()
    return response
  })
}

async function chargeOnce<R>(db: Db, charge: Charge<R>): Promise<R> {
  const op = charge.operation
  // The operation's columns beyond who and what, written by its insert (an update would make
  // the rollup triggers take the row out and put it back).
  const detail =
    op.detail || op.appName
      ? { ...op.detail, ...(op.appName ? { app_name: op.appName } : {}) }
      : null
  const memory = charge.memory
  const forgetAfterDays = memory ? forgetAfterDaysNowAndThen() : null
  let row: { applied: boolean; balance: number; operation_id: string | null }
  try {
    const { rows } = await sql<typeof row>`
      select applied, balance, operation_id::text as operation_id
      from nativ.charge_culturalize(${charge.userId}, ${charge.cost}, ${charge.reference},
        ${op.action}, ${op.language}, ${op.tool}, ${op.fileId}, ${op.apiKeyId}, ${op.memberEmail},
        ${memory?.requestHash ?? null}, ${memory ? JSON.stringify(memory.answer) : null}::jsonb,
        ${forgetAfterDays}::integer, ${detail ? JSON.stringify(detail) : null}::jsonb)
    `.execute(db)
    row = rows[0]!
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string }
    if (code === "PT402") throw new InsufficientCreditsError()
    if (code === "PK402") throw new KeyCapReachedError(Number(detail))
    throw error
  }
  if (!row.applied) throw new ClaimLostError()
  return charge.response(Number(row.balance), row.operation_id!)
}
