import type { CulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

export async function readBalance(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{
    credits: number
  }>`select credits from public.users where id = ${userId}`.execute(db)
  return rows[0]?.credits ?? 0
}

export async function findIdempotentResponse(db: Db, userId: string, key: string) {
  const { rows } = await sql<{ request_hash: string; response: CulturalizeResponse }>`
    select request_hash, response from nativ.idempotent_requests
    where user_id = ${userId} and idempotency_key = ${key}
  `.execute(db)
  return rows[0]
}

export type Charge = {
  userId: string
  cost: number
  reference: string
  operation: {
    action: string
    language: string
    tool: string
    fileId: string | null
    apiKeyId: string | null
  }
  idempotency: { key: string; requestHash: string } | null
  response: (balance: number, operationId: string) => CulturalizeResponse
}

export class InsufficientCreditsError extends Error {}
export class AlreadyChargedError extends Error {}

/**
 * In one transaction: debit the balance (never below zero; once per reference), record the
 * operation, and keep the answer for idempotent retries. Throws InsufficientCreditsError when the
 * balance no longer covers the cost, AlreadyChargedError when this reference was charged before.
 */
export async function chargeAndRecord(db: Db, charge: Charge): Promise<CulturalizeResponse> {
  try {
    return await db.transaction().execute(async (trx) => {
      const debit = await sql<{ applied: boolean; balance: number }>`
        select applied, balance from nativ.apply_credit_delta(${charge.userId}, ${-charge.cost}, 'culturalize', ${charge.reference})
      `.execute(trx)
      if (!debit.rows[0]?.applied) throw new AlreadyChargedError()
      const op = charge.operation
      const inserted = await sql<{ id: string }>`
        insert into public.operations (user_id, action, language, tool, cost, file_id, api_key_id)
        values (${charge.userId}, ${op.action}, ${op.language}, ${op.tool}, ${charge.cost}, ${op.fileId}, ${op.apiKeyId})
        returning id::text as id
      `.execute(trx)
      const response = charge.response(Number(debit.rows[0].balance), inserted.rows[0]!.id)
      if (charge.idempotency) {
        await sql`
          insert into nativ.idempotent_requests (user_id, idempotency_key, request_hash, response)
          values (${charge.userId}, ${charge.idempotency.key}, ${charge.idempotency.requestHash}, ${JSON.stringify(response)})
        `.execute(trx)
      }
      return response
    })
  } catch (error) {
    if ((error as { code?: string }).code === "PT402") throw new InsufficientCreditsError()
    throw error
  }
}
