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
import {
  AlreadyChargedError,
  chargeAndRecord,
  findIdempotentResponse,
  InsufficientCreditsError,
  readBalance,
} from "./culturalize.repo"

export const CULTURALIZE_ACTION = "Culturalize text"

const insufficient = (cost: number, balance: number) =>
  new ApiError(
    402,
    "insufficient_credits",
    `Not enough credits: this text costs ${cost.toLocaleString("en-US")} credit${cost === 1 ? "" : "s"} and your balance is ${balance.toLocaleString("en-US")}. Buy credits to continue.`,
  )

/**
 * Check the balance, run the engine, then debit, record the operation and keep the answer in one
 * transaction. Nothing is charged when the engine fails; a retry with the same Idempotency-Key
 * returns the first answer and is charged once.
 */
export async function culturalize(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeRequest,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<CulturalizeResponse> {
  const { db } = deps.database
  const { userId } = principal
  const requestHash = hashRequest(request)
  const key = options.idempotencyKey
  if (key) {
    const prior = await findIdempotentResponse(db, userId, key)
    if (prior) return replay(prior, requestHash)
  }

  const cost = culturalizeCost(request.text, deps.env.CREDITS_PER_100_CHARS)
  const balance = await readBalance(db, userId)
  if (balance < cost) throw insufficient(cost, balance)

  const result = await runEngine(deps, request, options.signal)
  try {
    return await chargeAndRecord(db, {
      userId,
      cost,
      reference: key ? `${userId}:${key}` : randomUUID(),
      operation: {
        action: CULTURALIZE_ACTION,
        language: request.language,
        tool: request.tool,
        fileId: request.file_id ?? null,
        apiKeyId: principal.apiKeyId,
      },
      idempotency: key ? { key, requestHash } : null,
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
    if (error instanceof AlreadyChargedError || isUniqueViolation(error)) {
      // A concurrent retry with the same key committed first: answer as it did.
      const prior = key ? await findIdempotentResponse(db, userId, key) : undefined
      if (prior) return replay(prior, requestHash)
    }
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

function replay(
  prior: { request_hash: string; response: CulturalizeResponse },
  requestHash: string,
) {
  if (prior.request_hash !== requestHash) {
    throw new ApiError(
      422,
      "idempotency_conflict",
      "This Idempotency-Key was already used with a different request.",
    )
  }
  return prior.response
}

function hashRequest(request: CulturalizeRequest) {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex")
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: string }).code === "23505"
}
