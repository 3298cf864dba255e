import type pg from "pg"
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible"

import type { Logger } from "../logger"

/** A budget: at most `points` hits per key in each window of `seconds`. */
export type Limit = { name: string; points: number; seconds: number }

/** One budget counted for one key (an API key, a company, a user). */
export type Charge = { limit: Limit; key: string }

/** Where one budget stands for its key: points left in the window and seconds until it ends. */
export type LimitState = Charge & { remaining: number; resetSeconds: number }

/**
 * The outcome of spending points on several budgets: `wait` is 0 to go ahead, otherwise the
 * seconds until every refusing budget has room again. `states` are the budgets whose store
 * answered, after the spend (or after its refund when refused).
 */
export type Verdict = { wait: number; states: LimitState[] }

/** Where counters live: this process (embedded PGlite) or the shared PostgreSQL database. */
export type ThrottleStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool }

export type Throttle = {
  /**
   * Counts one hit of `key` against `limit`; resolves to the seconds to wait (0: go ahead).
   * `reqId` goes into the warning logged when the store fails.
   */
  take(limit: Limit, key: string, reqId?: string): Promise<number>
  /**
   * Spends `points` on every charge at once, all or nothing: when any budget refuses, the points
   * go back to every budget, so a refused request costs nothing. A budget whose store fails lets
   * the request through (logged) and is left out of `states`.
   */
  spend(charges: Charge[], points: number, reqId?: string): Promise<Verdict>
  /** Where each charge's budget stands, spending nothing; budgets whose store fails are left out. */
  peek(charges: Charge[], reqId?: string): Promise<LimitState[]>
}

/** A store slower than this counts as failed: a limiter must never hold a request up. */
const STORE_TIMEOUT_MS = 1_000

/**
 * One throttle for every protocol, on rate-limiter-flexible: fixed windows that start at a key's
 * first hit. With PostgreSQL the counters sit in `nativ.rate_limits` (created by a migration), so
 * every replica shares one budget. A failing or slow store lets the request through and logs a
 * warning: a database hiccup in the limiter must never become a 500.
 *
 * `clock` is the app's clock. The store counts in real time; tests move the app's clock to end a
 * window, so a clock moved by whole windows starts a fresh count (in production the offset is 0).
 */
export function createThrottle(store: ThrottleStore, logger: Logger, clock: () => Date): Throttle {
  const limiters = new Map<string, RateLimiterAbstract>()

  function limiterFor(limit: Limit) {
    const id = `${limit.name}:${limit.points}:${limit.seconds}`
    let limiter = limiters.get(id)
    if (!limiter) {
      const options = { keyPrefix: limit.name, points: limit.points, duration: limit.seconds }
      limiter =
        store.kind === "memory"
          ? new RateLimiterMemory(options)
          : new RateLimiterPostgres({
              ...options,
              storeClient: store.pool,
              storeType: "pool",
              schemaName: "nativ",
              tableName: "rate_limits",
              tableCreated: true,
            })
      limiters.set(id, limiter)
    }
    return limiter
  }

  /** The store's key: a fresh one for each whole window the app's clock was moved by. */
  function storeKey({ limit, key }: Charge) {
    const generation = Math.round((clock().getTime() - Date.now()) / (limit.seconds * 1000))
    return generation ? `${key}@${generation}` : key
  }

  /** The store's answer, or a rejection when it takes longer than STORE_TIMEOUT_MS. */
  async function withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("rate-limit store timed out")),
            STORE_TIMEOUT_MS,
          )
        }),
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  const storeFailed = (
    err: unknown,
    charge: Charge,
    reqId: string | undefined,
    outcome = "request let through",
  ) => logger.warn({ reqId, err, limit: charge.limit.name }, `rate-limit store failed; ${outcome}`)

  const stateOf = (charge: Charge, consumed: number, msBeforeNext: number): LimitState => ({
    ...charge,
    remaining: Math.max(0, charge.limit.points - consumed),
    resetSeconds: Math.max(0, Math.ceil(msBeforeNext / 1000)),
  })

  type Outcome =
    { kind: "admitted" | "refused"; res: RateLimiterRes } | { kind: "failed"; err: unknown }

  async function consume(charge: Charge, points: number): Promise<Outcome> {
    try {
      const res = await withTimeout(limiterFor(charge.limit).consume(storeKey(charge), points))
      return { kind: "admitted", res }
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return { kind: "refused", res: outcome }
      return { kind: "failed", err: outcome }
    }
  }

  async function refund(charge: Charge, points: number, reqId: string | undefined) {
    try {
      await withTimeout(limiterFor(charge.limit).reward(storeKey(charge), points))
    } catch (err) {
      logger.warn({ reqId, err, limit: charge.limit.name }, "rate-limit refund failed")
    }
  }

  return {
    async take(limit, key, reqId) {
      const outcome = await consume({ limit, key }, 1)
      if (outcome.kind === "refused") return Math.max(1, Math.ceil(outcome.res.msBeforeNext / 1000))
      if (outcome.kind === "failed") storeFailed(outcome.err, { limit, key }, reqId)
      return 0
    },

    async spend(charges, points, reqId) {
      const outcomes = await Promise.all(charges.map((charge) => consume(charge, points)))
      const refused = outcomes.some((outcome) => outcome.kind === "refused")
      let wait = 0
      const states: LimitState[] = []
      outcomes.forEach((outcome, i) => {
        const charge = charges[i]!
        if (outcome.kind === "failed") return storeFailed(outcome.err, charge, reqId)
        const { consumedPoints, msBeforeNext } = outcome.res
        if (outcome.kind === "refused")
          wait = Math.max(wait, Math.max(1, Math.ceil(msBeforeNext / 1000)))
        states.push(
          stateOf(charge, refused ? consumedPoints - points : consumedPoints, msBeforeNext),
        )
      })
      if (refused)
        await Promise.all(
          charges
            .filter((_, i) => outcomes[i]!.kind !== "failed")
            .map((charge) => refund(charge, points, reqId)),
        )
      return { wait, states }
    },

    async peek(charges, reqId) {
      const states = await Promise.all(
        charges.map(async (charge): Promise<LimitState | null> => {
          try {
            const res = await withTimeout(limiterFor(charge.limit).get(storeKey(charge)))
            return res
              ? stateOf(charge, res.consumedPoints, res.msBeforeNext)
              : stateOf(charge, 0, charge.limit.seconds * 1000)
          } catch (err) {
            storeFailed(err, charge, reqId, "its state left out")
            return null
          }
        }),
      )
      return states.filter((state) => state !== null)
    },
  }
}
