import { randomUUID } from "node:crypto"

import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import type { AppDeps } from "../../deps"
import { EngineError } from "../../engine/errors"
import { keyCapReached } from "../api-keys/key-cap"
import { capReached, KeyCapReachedError } from "../api-keys/key-usage.repo"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { operationDetail } from "../operations/operation-detail"
import { chargeVisual, readVisualBudget, type VisualCharge } from "./visual-charge.repo"

const insufficient = (cost: number, balance: number) =>
  new ApiError(
    402,
    "insufficient_credits",
    `Not enough credits: this costs ${cost.toLocaleString("en-US")} credit${cost === 1 ? "" : "s"} and your balance is ${balance.toLocaleString("en-US")}. Buy credits to continue.`,
  )

export type Charged<T> = { result: T; cost: number; balance: number; operationId: string }

/**
 * A priced piece of visuals work, charged exactly once: the balance and the key's cap are checked
 * before any work (402, nothing done), the work runs, and only then is its cost debited with the
 * operation recorded, in one transaction under a fresh ledger reference. A failure of the work
 * charges nothing; `price` may depend on the result (e.g. how many images came out), but never
 * exceeds the `cost` checked up front.
 */
export async function charged<T>(
  deps: AppDeps,
  principal: Principal,
  charge: Omit<VisualCharge, "reference">,
  work: () => Promise<T>,
  price: (result: T) => number = () => charge.cost,
): Promise<Charged<T>> {
  const { db } = deps.database
  const budget = await readVisualBudget(db, principal)
  if (budget.allowance && capReached(budget.allowance)) throw keyCapReached(budget.allowance.cap!)
  if (budget.balance < charge.cost) throw insufficient(charge.cost, budget.balance)

  const startedAt = performance.now()
  const result = await withEngineErrors(deps, work)
  const cost = Math.min(charge.cost, price(result))
  const detail = operationDetail(deps, startedAt, {
    characters: null,
    fromMemory: false,
    texts: null,
  })
  try {
    const done = await chargeVisual(db, principal, {
      ...charge,
      cost,
      reference: randomUUID(),
      detail,
    })
    return { result, cost, ...done }
  } catch (error) {
    if (error instanceof InsufficientCreditsError)
      throw insufficient(cost, await readBalance(db, principal.companyId))
    if (error instanceof KeyCapReachedError) throw keyCapReached(error.cap)
    throw error
  }
}

/** The culturalize engine's failures as API errors that say nothing was charged. */
async function withEngineErrors<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof EngineError)) throw error
    deps.logger.warn({ err: error, code: error.code }, "visuals: engine failed")
    const timeout = error.httpStatus === 504
    throw new ApiError(
      timeout ? 504 : 502,
      timeout ? "engine_timeout" : "engine_failed",
      `${error.message} Nothing was charged.`,
    )
  }
}
