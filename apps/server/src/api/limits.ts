import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import type { Principal } from "./authenticate"

/**
 * RATE_LIMIT_CULTURALIZE_PER_MINUTE per account, and the same again per API key, so one leaked
 * key cannot use up its account's whole budget unnoticed, in deps.throttle: every replica on one
 * PostgreSQL database shares it. Resolves to go ahead; rejects with 429 rate_limited (and
 * Retry-After) when the request is over the limit.
 *
 * The culturalize handlers call it for a valid request and, without an Idempotency-Key, read the
 * request's settings while the store answers (on PostgreSQL a round trip to nativ.rate_limits, so
 * the two overlap instead of following each other); they wait for the verdict before any engine
 * work, claim or charge, so a request over the limit does nothing else.
 */
export async function admitCulturalize(
  deps: AppDeps,
  principal: Pick<Principal, "companyId" | "apiKeyId">,
  reqId: string | undefined,
): Promise<void> {
  const perMinute = deps.env.RATE_LIMIT_CULTURALIZE_PER_MINUTE
  const budget = { name: "culturalize", points: perMinute, seconds: 60 }
  const waits = await Promise.all([
    deps.throttle.take(budget, `company:${principal.companyId}`, reqId),
    principal.apiKeyId ? deps.throttle.take(budget, `key:${principal.apiKeyId}`, reqId) : 0,
  ])
  const wait = Math.max(...waits)
  if (wait > 0)
    throw new ApiError(
      429,
      "rate_limited",
      `Too many requests: at most ${perMinute} a minute. Try again in ${wait} s.`,
      { "Retry-After": String(wait) },
    )
}
