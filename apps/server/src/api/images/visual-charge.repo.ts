import { sql } from "kysely"

import { applyCreditDelta } from "../../billing/ledger"
import type { Db } from "../../db/schema"
import {
  capReached,
  CREDITS_USED_THIS_MONTH,
  type KeyAllowance,
  KeyCapReachedError,
  THIS_MONTH,
} from "../api-keys/key-usage.repo"
import type { Principal } from "../authenticate"
import type { OperationDetail } from "../operations/operation-detail"

/** What a visuals request may spend: the company's balance and the calling key's month. */
export type VisualBudget = { balance: number; allowance: KeyAllowance | null }

export async function readVisualBudget(
  db: Db,
  principal: Pick<Principal, "companyId" | "apiKeyId">,
): Promise<VisualBudget> {
  const { rows } = await sql<{ balance: string | null; cap: string | null; used: string | null }>`
    select (select credits from public.users where id = ${principal.companyId}) as balance,
      k.monthly_credit_cap as cap, ${CREDITS_USED_THIS_MONTH} as used
    from (select 1) one
    left join public.api_keys k on k.id = ${principal.apiKeyId}
  `.execute(db)
  const row = rows[0]!
  return {
    balance: Number(row.balance ?? 0),
    allowance: principal.apiKeyId
      ? { cap: row.cap == null ? null : Number(row.cap), used: Number(row.used ?? 0) }
      : null,
  }
}

export type VisualCharge = {
  cost: number
  /** The ledger reference: one per request, so a repeat of the same charge moves nothing. */
  reference: string
  action: string
  language: string | null
  tool: string
  /** Engine, model and duration; an image has no characters and its texts are not kept. */
  detail?: OperationDetail | null
}

/**
 * In one transaction, after the work succeeded: the debit through the ledger (never below zero,
 * once per reference), the key's month added to and checked against its cap, and the operation
 * recorded. Throws InsufficientCreditsError or KeyCapReachedError, and then nothing is kept.
 */
export async function chargeVisual(
  db: Db,
  principal: Pick<Principal, "companyId" | "apiKeyId" | "memberEmail" | "oauth">,
  charge: VisualCharge,
): Promise<{ balance: number; operationId: string }> {
  const detail = charge.detail
  return db.transaction().execute(async (trx) => {
    const debit = await applyCreditDelta(trx, {
      userId: principal.companyId,
      delta: -charge.cost,
      reason: "culturalize",
      reference: charge.reference,
    })
    // A reference is fresh per request, so this only happens if a caller reuses one: refuse to
    // record a second operation for a single debit.
    if (!debit.applied) throw new Error(`visual charge ${charge.reference} was already applied`)
    // After the debit, which holds the company's balance row lock, the key's row is locked by
    // its update, so concurrent charges of one key add up one after the other.
    const { rows } = await sql<{ id: string; key_before: string | null; key_cap: string | null }>`
      with key_charge as (
        update public.api_keys set
          usage_month_credits = ${CREDITS_USED_THIS_MONTH} + ${charge.cost},
          usage_month = ${THIS_MONTH}
        where id = ${principal.apiKeyId}
        returning usage_month_credits - ${charge.cost} as before, monthly_credit_cap as cap
      )
      insert into public.operations (user_id, action, language, tool, cost, api_key_id,
        member_email, app_name, characters, from_memory, engine, model, duration_ms)
      values (${principal.companyId}, ${charge.action}, ${charge.language}, ${charge.tool},
        ${charge.cost}, ${principal.apiKeyId}, ${principal.memberEmail},
        ${principal.oauth?.clientName ?? null}, ${detail?.characters ?? null},
        ${detail?.from_memory ?? null}, ${detail?.engine ?? null}, ${detail?.model ?? null},
        ${detail?.duration_ms ?? null})
      returning id::text as id, (select before from key_charge)::text as key_before,
        (select cap from key_charge)::text as key_cap
    `.execute(trx)
    const row = rows[0]!
    if (detail?.texts)
      await sql`select nativ.keep_operation_texts(${principal.companyId}::uuid,
        ${row.id}::bigint, ${JSON.stringify(detail)}::jsonb)`.execute(trx)
    if (row.key_before != null && row.key_cap != null) {
      const allowance = { cap: Number(row.key_cap), used: Number(row.key_before) }
      if (capReached(allowance)) throw new KeyCapReachedError(allowance.cap)
    }
    return { balance: debit.balance, operationId: row.id }
  })
}
