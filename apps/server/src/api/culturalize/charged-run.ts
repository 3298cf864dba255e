import { randomUUID } from "node:crypto"

import type { AppDeps } from "../../deps"
import type { Principal } from "../authenticate"
import {
  type CulturalizeContext,
  readCulturalizeContext,
  type SettingsRequest,
} from "./culturalize-context.repo"
import type { Charge } from "./culturalize.repo"
import { withIdempotencyKey } from "./idempotency"

/** How a request runs: its Idempotency-Key, its abort signal, and its rate limit's verdict. */
export type RunOptions = {
  idempotencyKey?: string | undefined
  signal?: AbortSignal
  /** Rejects (429) when the request is over its rate limit (limits.ts admitCulturalize). */
  admission: Promise<void>
}

export type Billing = Pick<Charge<unknown>, "reference" | "claim">

/**
 * Runs a charged request (single or batch) once it is admitted, with its settings read and its
 * ledger reference chosen. Without an Idempotency-Key the settings are read while the rate limit
 * counts (one round trip where there were two) and the reference is fresh. With a key, only an
 * admitted request claims it (idempotency.ts); the settings are read once it is claimed and the
 * claim's attempt is the reference, so the sends of one key are charged once.
 */
export async function runCharged<T>(
  deps: AppDeps,
  principal: Principal,
  request: SettingsRequest,
  options: RunOptions,
  requestHash: () => string,
  work: (billing: Billing, context: CulturalizeContext) => Promise<T>,
): Promise<T> {
  const { db } = deps.database
  const key = options.idempotencyKey
  if (!key) {
    const context = await admitted(
      options.admission,
      readCulturalizeContext(db, principal, request),
    )
    return work({ reference: randomUUID(), claim: null }, context)
  }
  await options.admission
  const keyed = { userId: principal.companyId, key, requestHash: requestHash() }
  return withIdempotencyKey(deps, keyed, async (attempt) =>
    work(
      { reference: attempt, claim: { key, attempt } },
      await readCulturalizeContext(db, principal, request),
    ),
  )
}

/**
 * Work started beside the rate limit's count, once the request is admitted: a request over its
 * limit is answered 429 whatever the work's outcome (which is then dropped).
 */
async function admitted<T>(admission: Promise<void>, work: Promise<T>): Promise<T> {
  const [verdict, result] = await Promise.allSettled([admission, work])
  if (verdict.status === "rejected") throw verdict.reason
  if (result.status === "rejected") throw result.reason
  return result.value
}
