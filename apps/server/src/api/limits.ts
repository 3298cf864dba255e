import type { MiddlewareHandler } from "hono"

import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import type { ApiEnv } from "./authenticate"

/**
 * RATE_LIMIT_CULTURALIZE_PER_MINUTE per account, and the same again per API key, so one leaked
 * key cannot use up its account's whole budget unnoticed. Runs after authentication (the route's
 * declared security), in deps.throttle: every replica on one PostgreSQL database shares it.
 */
export function limitCulturalize(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  const perMinute = deps.env.RATE_LIMIT_CULTURALIZE_PER_MINUTE
  const budget = { name: "culturalize", points: perMinute, seconds: 60 }
  return async (c, next) => {
    const { principal } = c.var
    const reqId = c.get("requestId")
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
    await next()
  }
}
