import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"

import type { AppDeps } from "../../deps"
import { ApiError, type ApiErrorCode } from "../api-error"
import { ClaimLostError } from "./culturalize.repo"
import { type ClaimReleaser, claimReleaser } from "./idempotency-release"
import { claimKey, expireIdempotentRequests, readClaim, settleClaim } from "./idempotency.repo"

/** How long past the engine timeout a claim may run before another send takes it over. */
const CLAIM_MARGIN_MS = 15_000
/** Waiting sends poll the claim, starting fast (most requests finish in milliseconds). */
const POLL_MS = { first: 10, max: 200 }

type KeyedRequest = { userId: string; key: string; requestHash: string }

/**
 * Runs `run` at most once at a time per Idempotency-Key and gives every overlapping send of the
 * key the same answer (the rules are in idempotency.repo.ts). `run` receives the claim's attempt
 * id, which it uses as the ledger reference and to store its success in the charge transaction.
 */
export async function withIdempotencyKey<T>(
  deps: AppDeps,
  request: KeyedRequest,
  run: (attempt: string) => Promise<T>,
): Promise<T> {
  const { db } = deps.database
  const staleAfterMs = deps.env.ENGINE_TIMEOUT_MS + CLAIM_MARGIN_MS
  const deadline = Date.now() + staleAfterMs
  const releaser = claimReleaser(db, deps.logger)
  for (;;) {
    // A failed attempt on this process whose claim the database could not take back then.
    await releaser.releaseKept(request.userId, request.key)
    const attempt = randomUUID()
    if (await claimKey(db, { ...request, attempt, staleAfterMs })) {
      await expireOld(deps)
      try {
        return await runClaimed(deps, { ...request, attempt }, run)
      } catch (error) {
        // Another send took the claim over: answer as it does.
        if (!(error instanceof ClaimLostError)) throw error
      }
    }
    const outcome = await waitForOutcome(deps, releaser, request, deadline)
    if (outcome) return outcome as T
  }
}

async function runClaimed<T>(
  deps: AppDeps,
  claim: KeyedRequest & { attempt: string },
  run: (attempt: string) => Promise<T>,
): Promise<T> {
  const { db } = deps.database
  try {
    return await run(claim.attempt)
  } catch (error) {
    if (error instanceof ClaimLostError) throw error
    // A product answer (402, engine 502/504) is shared with the sends waiting on this attempt;
    // anything else (database unavailable, a bug) frees the key for the next send.
    const shareable = error instanceof ApiError && Object.keys(error.headers).length === 0
    const body = shareable ? { error: { code: error.code, message: error.message } } : null
    let settled = false
    try {
      if (shareable) settled = await settleClaim(db, claim, { status: error.status, body })
    } catch (cleanup) {
      deps.logger.warn({ err: cleanup }, "could not settle an Idempotency-Key claim")
    }
    // Released now, or as soon as the database answers again (idempotency-release.ts).
    if (!settled) await claimReleaser(db, deps.logger).release(claim)
    throw error
  }
}

/**
 * Waits while the key's claim is in progress. Returns the stored success, throws the stored
 * failure or a conflict, or returns undefined when the claim is gone (the caller claims again).
 */
async function waitForOutcome(
  deps: AppDeps,
  releaser: ClaimReleaser,
  request: KeyedRequest,
  deadline: number,
) {
  for (let pause = POLL_MS.first; ; pause = Math.min(pause * 2, POLL_MS.max)) {
    const row = await readClaim(deps.database.db, request.userId, request.key)
    if (!row) return undefined
    if (row.request_hash !== request.requestHash) {
      throw new ApiError(
        422,
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request.",
      )
    }
    if (row.status === 200) return row.response
    // Its attempt failed here while the database was away: the caller releases it and claims.
    if (row.status === null && releaser.isKept(request.userId, request.key, row.attempt))
      return undefined
    if (row.status !== null) {
      const { error } = row.response as { error: { code: ApiErrorCode; message: string } }
      throw new ApiError(row.status as ApiError["status"], error.code, error.message)
    }
    if (Date.now() > deadline) {
      throw new ApiError(
        409,
        "idempotency_in_progress",
        "A request with this Idempotency-Key is still running. Retry in a moment.",
      )
    }
    await sleep(pause)
  }
}

async function expireOld(deps: AppDeps) {
  try {
    await expireIdempotentRequests(deps.database.db)
  } catch (error) {
    deps.logger.warn({ err: error }, "could not expire old Idempotency-Key answers")
  }
}
