import { AuthError } from "./errors"

const MAX_KEYS = 100_000

export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * Sliding-window limits kept in this process's memory (a replica behind a load balancer counts
 * its own share). Each key keeps at most `limit` timestamps; past MAX_KEYS the stalest keys go,
 * so random emails cannot grow it without bound.
 */
export function createRateLimiter(clock: () => Date) {
  const hits = new Map<string, number[]>()

  function sweep(now: number, windowMs: number) {
    for (const [key, times] of hits)
      if (times[times.length - 1]! <= now - windowMs) hits.delete(key)
    for (const key of hits.keys()) {
      if (hits.size <= MAX_KEYS) break
      hits.delete(key)
    }
  }

  /** Counts one hit; returns the seconds to wait when the limit is already used up, else 0. */
  function take(key: string, limit: number, windowMs: number): number {
    const now = clock().getTime()
    const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs)
    if (times.length >= limit) {
      hits.set(key, times)
      return Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000))
    }
    times.push(now)
    hits.delete(key) // re-insert: Map order then runs from stalest to freshest
    hits.set(key, times)
    if (hits.size > MAX_KEYS) sweep(now, windowMs)
    return 0
  }

  return {
    /** Requests per caller address (or per email for sign-in): 429 over_request_rate_limit. */
    requests(key: string, perMinute: number) {
      const wait = take(`req:${key}`, perMinute, 60_000)
      if (wait)
        throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached", {
          headers: { "Retry-After": String(wait) },
        })
    },
    /** Emails per address: 429 over_email_send_rate_limit. */
    emails(email: string, perHour: number) {
      const wait = take(`mail:${email}`, perHour, 3_600_000)
      if (wait)
        throw new AuthError(429, "over_email_send_rate_limit", "Email rate limit exceeded", {
          headers: { "Retry-After": String(wait) },
        })
    },
  }
}
