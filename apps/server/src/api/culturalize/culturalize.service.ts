import { createHash, randomUUID } from "node:crypto"

import {
  type CulturalizeRequest,
  type CulturalizeResponse,
  culturalizeCost,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { EngineError } from "../../engine/errors"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import { type Charge, chargeAndRecord } from "./culturalize.repo"
import { withIdempotencyKey } from "./idempotency"

export const CULTURALIZE_ACTION = "Culturalize text"

const insufficient = (cost: number, balance: number) =>
  new ApiError(
    402,
    "insufficient_credits",
    `Not enough credits: this text costs ${cost.toLocaleString("en-US")} credit${cost === 1 ? "" : "s"} and your balance is ${balance.toLocaleString("en-US")}. Buy credits to continue.`,
  )

/**
 * Check the balance, run the engine, then debit, record the operation and keep the answer in one
 * transaction. Nothing is charged when the engine fails. Sends with the same Idempotency-Key get
 * the same answer and are charged once (see idempotency.ts).
 */
export async function culturalize(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeRequest,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<CulturalizeResponse> {
  const key = options.idempotencyKey
  if (!key)
    return charge(deps, principal, request, { reference: randomUUID(), claim: null }, options)
  const keyed = { userId: principal.companyId, key, requestHash: hashRequest(request) }
  return withIdempotencyKey(deps, keyed, (attempt) =>
    charge(deps, principal, request, { reference: attempt, claim: { key, attempt } }, options),
  )
}

async function charge(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeRequest,
  billing: Pick<Charge, "reference" | "claim">,
  options: { signal?: AbortSignal },
): Promise<CulturalizeResponse> {
  const { db } = deps.database
  const userId = principal.companyId
  const cost = culturalizeCost(request.text, deps.env.CREDITS_PER_100_CHARS)
  const balance = await readBalance(db, userId)
  if (balance < cost) throw insufficient(cost, balance)

  const result = await runEngine(deps, request, options.signal)
  try {
    return await chargeAndRecord(db, {
      userId,
      cost,
      ...billing,
      operation: {
        action: CULTURALIZE_ACTION,
        language: request.language,
        tool: request.tool,
        fileId: request.file_id ?? null,
        apiKeyId: principal.apiKeyId,
        memberEmail: principal.memberEmail,
      },
      response: (creditsRemaining, operationId) => ({
        translated_text: result.text,
        language: request.language,
        language_code: request.language_code,
        cost,
        credits_remaining: creditsRemaining,
        engine: deps.engine.name,
        operation_id: operationId,
        ...(result.note ? { note: result.note } : {}),
      }),
    })
  } catch (error) {
    if (error instanceof InsufficientCreditsError)
      throw insufficient(cost, await readBalance(db, userId))
    throw error
  }
}

async function runEngine(deps: AppDeps, request: CulturalizeRequest, signal?: AbortSignal) {
  try {
    return await deps.engine.culturalize(
      {
        text: request.text,
        language: request.language,
        languageCode: request.language_code,
        glossary: request.glossary ?? [],
      },
      signal,
    )
  } catch (error) {
    if (error instanceof EngineError) {
      deps.logger.warn({ err: error, code: error.code }, "engine failed")
      const status = error.httpStatus === 504 ? 504 : 502
      throw new ApiError(
        status,
        status === 504 ? "engine_timeout" : "engine_failed",
        `${error.message} Nothing was charged.`,
      )
    }
    throw error
  }
}

function hashRequest(request: CulturalizeRequest) {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex")
}
