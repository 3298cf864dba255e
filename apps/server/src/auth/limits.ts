import type { Context, MiddlewareHandler } from "hono"

import type { AppDeps } from "../deps"
import { verifyJwt } from "../identity/access-token"
import { bearerToken } from "../identity/bearer"
import type { Limit } from "../throttle/throttle"
import { readJsonBody } from "../http/json-body"
import { AuthError } from "./errors"
import { clientIp } from "./request"

/**
 * /auth/v1's rate limits, applied as middleware in the route table (auth.routes.ts), as Supabase
 * Auth's api.go does. Budgets come from RATE_LIMIT_* (per minute unless named per hour); counters
 * live in deps.throttle, shared by every replica on one PostgreSQL database. A limited request is
 * answered before its handler runs, with Supabase's codes and a Retry-After header.
 */

/** The part of a request a limit counts by; null lets the request through uncounted. */
type KeyOf = (c: Context) => string | null | Promise<string | null>

const MINUTE = 60
const HOUR = 3600

const requests = (deps: AppDeps): Limit => ({
  name: "auth",
  points: deps.env.RATE_LIMIT_AUTH_PER_MINUTE,
  seconds: MINUTE,
})

export const requestLimited = (wait: number) =>
  new AuthError(429, "over_request_rate_limit", "Request rate limit reached", {
    headers: { "Retry-After": String(wait) },
  })

function limit(
  deps: AppDeps,
  budget: Limit,
  keyOf: KeyOf,
  refuse: (c: Context, wait: number) => Response | never = (_c, wait) => {
    throw requestLimited(wait)
  },
): MiddlewareHandler {
  return async (c, next) => {
    const key = await keyOf(c)
    const wait = key === null ? 0 : await deps.throttle.take(budget, key, c.get("requestId"))
    if (wait > 0) return refuse(c, wait)
    await next()
  }
}

/** Requests of `action` from the caller's address (TRUST_PROXY decides which address). */
export function limitCaller(
  deps: AppDeps,
  action: string,
  refuse?: (c: Context, wait: number) => Response,
): MiddlewareHandler {
  return limit(
    deps,
    requests(deps),
    (c) => `${action}:${clientIp(c, deps.env.TRUST_PROXY)}`,
    refuse,
  )
}

/** Requests of `action` for the email address in the body (sign-in and code guessing). */
export function limitEmail(
  deps: AppDeps,
  action: string,
  when: (body: Record<string, unknown>) => boolean = () => true,
): MiddlewareHandler {
  return limit(deps, requests(deps), async (c) => {
    const body = await jsonBody(c)
    const email = body && when(body) ? emailOf(body) : null
    return email && `${action}:email:${email}`
  })
}

/** Emails sent to the address in the body, per hour: 429 over_email_send_rate_limit. */
export function limitEmailSends(deps: AppDeps): MiddlewareHandler {
  const budget = { name: "email-sends", points: deps.env.RATE_LIMIT_EMAIL_PER_HOUR, seconds: HOUR }
  return limit(
    deps,
    budget,
    async (c) => emailOf(await jsonBody(c)),
    (_c, wait) => {
      throw new AuthError(429, "over_email_send_rate_limit", "Email rate limit exceeded", {
        headers: { "Retry-After": String(wait) },
      })
    },
  )
}

/** Refresh-token grants from the caller's address (RATE_LIMIT_REFRESH_PER_MINUTE). */
export function limitRefresh(deps: AppDeps): MiddlewareHandler {
  const budget = {
    name: "auth-refresh",
    points: deps.env.RATE_LIMIT_REFRESH_PER_MINUTE ?? 5 * deps.env.RATE_LIMIT_AUTH_PER_MINUTE,
    seconds: MINUTE,
  }
  return limit(deps, budget, (c) => clientIp(c, deps.env.TRUST_PROXY))
}

/**
 * Attempts per signed-in user (the access token's `sub`): second-factor codes and current
 * passwords, which an attacker holding a session could otherwise guess from many addresses. An
 * invalid token is not counted: the handler refuses it.
 */
export function limitUser(
  deps: AppDeps,
  action: string,
  perMinute: number | ((deps: AppDeps) => number),
  when: (body: Record<string, unknown>) => boolean = () => true,
): MiddlewareHandler {
  const points = typeof perMinute === "number" ? perMinute : perMinute(deps)
  return limit(deps, { name: action, points, seconds: MINUTE }, async (c) => {
    const token = bearerToken(c)
    const sub = token
      ? await verifyJwt(deps, token).then(
          (claims) => claims.sub,
          () => null,
        )
      : null
    if (typeof sub !== "string") return null
    const body = await jsonBody(c)
    return body && when(body) ? sub : null
  })
}

/** The JSON object body, or null; the handler reports a malformed body in its own words. */
async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const body = await readJsonBody(c)
  return body.ok ? body.value : null
}

/** Emails are compared trimmed and lower-cased, as auth/request.ts's emailField stores them. */
function emailOf(body: Record<string, unknown> | null): string | null {
  const email = body?.email
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null
}
