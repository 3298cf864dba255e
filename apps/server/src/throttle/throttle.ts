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

/** Where counters live: this process (embedded PGlite) or the shared PostgreSQL database. */
export type ThrottleStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool }

export type Throttle = {
  /**
   * Counts one hit of `key` against `limit`; resolves to the seconds to wait (0: go ahead).
   * `reqId` goes into the warning logged when the store fails.
   */
  take(limit: Limit, key: string, reqId?: string): Promise<number>
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

  return {
    async take(limit, key, reqId) {
      const windowMs = limit.seconds * 1000
      const generation = Math.round((clock().getTime() - Date.now()) / windowMs)
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          limiterFor(limit).consume(generation ? `${key}@${generation}` : key),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error("rate-limit store timed out")),
              STORE_TIMEOUT_MS,
            )
          }),
        ])
        return 0
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes)
          return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))
        logger.warn(
          { reqId, err: outcome, limit: limit.name },
          "rate-limit store failed; request let through",
        )
        return 0
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
