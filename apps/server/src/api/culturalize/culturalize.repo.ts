import { sql } from "kysely"

import { applyCreditDelta, readBalance } from "../../billing/ledger"
import type { Db } from "../../db/schema"
import { checkKeyCharge, keyChargeCte } from "../api-keys/key-usage.repo"
import { settleClaim } from "./idempotency.repo"
import { forgetExpiredNowAndThen, type RememberedAnswer, rememberCte } from "./memory.repo"

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
 * and store it on the key's claim. Throws InsufficientCreditsError (from the ledger) when the
 * balance no longer covers the cost, KeyCapReachedError when the key has spent its monthly cap.
 */
export async function chargeAndRecord<R>(db: Db, charge: Charge<R>): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const debit =
      charge.cost > 0
        ? await applyCreditDelta(trx, {
            userId: charge.userId,
            delta: -charge.cost,
            reason: "culturalize",
            reference: charge.reference,
          })
        : { applied: true, balance: await readBalance(trx, charge.userId) }
    if (!debit.applied) throw new ClaimLostError()
    const op = charge.operation
    const memory = charge.memory
    // After the debit, which holds the company's balance row lock: the key's month is added to,
    // and the answer kept, in the same statement that records the operation.
    const inserted = await sql<{
      id: string
      key_before: string | null
      key_cap: string | null
    }>`
      with ${keyChargeCte(op.apiKeyId, charge.cost)}${
        memory ? sql`, ${rememberCte(charge.userId, memory.requestHash, memory.answer)}` : sql``
      }
      insert into public.operations (user_id, action, language, tool, cost, file_id, api_key_id, member_email)
      values (${charge.userId}, ${op.action}, ${op.language}, ${op.tool}, ${charge.cost}, ${op.fileId}, ${op.apiKeyId}, ${op.memberEmail})
      returning id::text as id, (select before from key_charge)::text as key_before,
        (select cap from key_charge)::text as key_cap
    `.execute(trx)
    checkKeyCharge(inserted.rows[0]!)
    if (memory) await forgetExpiredNowAndThen(trx)
    const response = charge.response(debit.balance, inserted.rows[0]!.id)
    if (charge.claim) {
      const settled = await settleClaim(
        trx,
        { userId: charge.userId, ...charge.claim },
        { status: 200, body: response },
      )
      if (!settled) throw new ClaimLostError()
    }
    return response
  })
}
