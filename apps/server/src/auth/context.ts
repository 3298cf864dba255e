import type { Context } from "hono"

import type { AppDeps } from "../deps"
import { createRateLimiter, type RateLimiter } from "./rate-limit"
import { type Client } from "./sessions"
import { clientIp } from "./request"

/** What every /auth/v1 handler gets: the app's dependencies and this app's rate limiter. */
export type AuthContext = { deps: AppDeps; limiter: RateLimiter }

export function createAuthContext(deps: AppDeps): AuthContext {
  return { deps, limiter: createRateLimiter(deps.clock) }
}

/** Counts one request of `action` from the caller's address (429 over_request_rate_limit). */
export function limitCaller(ctx: AuthContext, c: Context, action: string) {
  ctx.limiter.requests(
    `${action}:${clientIp(c, ctx.deps.env.TRUST_PROXY)}`,
    ctx.deps.env.RATE_LIMIT_AUTH_PER_MINUTE,
  )
}

/** Counts one request of `action` for an email address (sign-in and code guessing). */
export function limitEmail(ctx: AuthContext, action: string, email: string) {
  ctx.limiter.requests(`${action}:email:${email}`, ctx.deps.env.RATE_LIMIT_AUTH_PER_MINUTE)
}

/** Counts one email sent to an address (429 over_email_send_rate_limit). */
export function limitEmailSends(ctx: AuthContext, email: string) {
  ctx.limiter.emails(email, ctx.deps.env.RATE_LIMIT_EMAIL_PER_HOUR)
}

export function requestClient(ctx: AuthContext, c: Context): Client {
  return { ip: clientIp(c, ctx.deps.env.TRUST_PROXY), userAgent: c.req.header("user-agent") }
}
