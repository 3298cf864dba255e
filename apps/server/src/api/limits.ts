import type { MiddlewareHandler } from "hono"

import type { AppDeps } from "../deps"
import type { Env } from "../env"
import type { Charge, LimitState } from "../throttle/throttle"
import { ApiError } from "./api-error"
import type { ApiEnv, Principal } from "./authenticate"

type Caller = Pick<Principal, "companyId" | "apiKeyId" | "authUserId" | "memberId">

/** The short window of a burst: at most the burst's texts within it. */
const BURST_SECONDS = 10

/** Who each budget counts, for the 429's message. */
const COUNTED: Record<string, string> = {
  "key-burst": "per API key",
  "key-minute": "per API key",
  "company-minute": "for all of a company's API keys together",
  "playground-burst": "per signed-in user (the Playground)",
  "playground-minute": "per signed-in user (the Playground)",
}

/**
 * The budgets a caller's texts are counted against. An API key: RATE_LIMIT_API_KEY_BURST within
 * 10 s and RATE_LIMIT_API_KEY_PER_MINUTE a minute, and all of the company's keys together at most
 * RATE_LIMIT_COMPANY_PER_MINUTE, so many keys cannot multiply the company's budget. A signed-in
 * user (the Playground, no key): RATE_LIMIT_PLAYGROUND_BURST and _PER_MINUTE, apart from the
 * keys', so a Playground burst never uses up what the company's integrations may send, nor the
 * other way round. No caller (a public route, a 401): what an API key gets.
 */
export function budgetsOf(env: Env, caller: Caller | undefined): Charge[] {
  if (caller && !caller.apiKeyId) {
    const user = `user:${caller.authUserId ?? caller.memberId ?? caller.companyId}`
    return [
      { limit: burst("playground-burst", env.RATE_LIMIT_PLAYGROUND_BURST), key: user },
      { limit: minute("playground-minute", env.RATE_LIMIT_PLAYGROUND_PER_MINUTE), key: user },
    ]
  }
  const key = `key:${caller?.apiKeyId ?? "none"}`
  return [
    { limit: burst("key-burst", env.RATE_LIMIT_API_KEY_BURST), key },
    { limit: minute("key-minute", env.RATE_LIMIT_API_KEY_PER_MINUTE), key },
    {
      limit: minute("company-minute", env.RATE_LIMIT_COMPANY_PER_MINUTE),
      key: `company:${caller?.companyId ?? "none"}`,
    },
  ]
}

const burst = (name: string, points: number) => ({ name, points, seconds: BURST_SECONDS })
const minute = (name: string, points: number) => ({ name, points, seconds: 60 })

/** Where an authenticated request writes what admitCulturalize found (callerRateLimit). */
const reporters = new WeakMap<Caller, (states: LimitState[]) => void>()

/**
 * Counts `texts` (1 for a single request, one per item for a batch, so both ways of sending texts
 * cost the same) against the caller's budgets (budgetsOf) in deps.throttle: every replica on one
 * PostgreSQL database shares them. Resolves to go ahead; rejects with 429 rate_limited (and
 * Retry-After) when any budget is short, and then spends nothing; with 400 when `texts` is more
 * than a budget ever allows at once.
 *
 * The culturalize handlers call it for a valid request and, without an Idempotency-Key, read the
 * request's settings while the store answers (on PostgreSQL a round trip to nativ.rate_limits, so
 * the two overlap instead of following each other); they wait for the verdict before any engine
 * work, claim or charge, so a request over the limit does nothing else.
 */
export async function admitCulturalize(
  deps: AppDeps,
  caller: Caller,
  reqId: string | undefined,
  texts = 1,
): Promise<void> {
  const charges = budgetsOf(deps.env, caller)
  const tightest = charges.reduce((a, b) => (b.limit.points < a.limit.points ? b : a))
  if (texts > tightest.limit.points)
    throw new ApiError(
      400,
      "invalid_request",
      `items: at most ${tightest.limit.points} texts at once ${COUNTED[tightest.limit.name]}; send them in smaller batches.`,
    )
  const verdict = await deps.throttle.spend(charges, texts, reqId)
  reporters.get(caller)?.(verdict.states)
  if (verdict.wait === 0) return
  const short = verdict.states.find((state) => state.remaining < texts)
  const rule = short
    ? ` at most ${short.limit.points} texts ${short.limit.seconds === 60 ? "a minute" : `in ${short.limit.seconds} s`} ${COUNTED[short.limit.name]}`
    : ""
  throw new ApiError(
    429,
    "rate_limited",
    `Too many requests:${rule}. Try again in ${verdict.wait} s.`,
    { "Retry-After": String(verdict.wait) },
  )
}

/** Routes that count texts (admitCulturalize); the others only report where the caller stands. */
const COUNTING_ROUTES = [
  "/text/culturalize",
  "/text/culturalize-batch",
  "/text/extract",
  "/image/culturalize",
  "/image/inspect",
  "/files/culturalize",
]

const policyHeader = (charges: Charge[]) =>
  charges.map(({ limit }) => `"${limit.name}";q=${limit.points};w=${limit.seconds}`).join(", ")

const stateHeader = (states: LimitState[]) =>
  states
    .map(({ limit, remaining, resetSeconds }) => `"${limit.name}";r=${remaining};t=${resetSeconds}`)
    .join(", ")

const whole = (charges: Charge[]) =>
  charges.map((charge) => ({
    ...charge,
    remaining: charge.limit.points,
    resetSeconds: charge.limit.seconds,
  }))

/**
 * `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers-10, structured fields)
 * on every /api/v1 answer: each budget of the caller (budgetsOf) with its quota `q` and window `w`
 * in seconds, what is left `r` and the seconds until its window ends `t`.
 *
 * First in /api/v1: until someone is authenticated (a public route, a 401, an unknown path), an
 * API key's policy with nothing spent. callerRateLimit replaces it once the caller is known. The
 * headers are set before the handler answers: one set on a finished answer makes Hono rebuild it
 * as a stream (see http/cors.ts).
 */
export function rateLimitHeaders(deps: AppDeps): MiddlewareHandler {
  const charges = budgetsOf(deps.env, undefined)
  const policy = policyHeader(charges)
  const state = stateHeader(whole(charges))
  return async (c, next) => {
    c.header("RateLimit-Policy", policy)
    c.header("RateLimit", state)
    await next()
  }
}

/**
 * Right after authentication: the caller's own budgets. A route that counts texts reports what
 * admitCulturalize found (before it answers, 429 included); any other counts nothing and reports
 * the store's current count (a budget whose store fails is left out of `RateLimit`).
 */
export function callerRateLimit(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const caller = c.var.principal
    const charges = budgetsOf(deps.env, caller)
    const report = (states: LimitState[]) =>
      c.header("RateLimit", states.length ? stateHeader(states) : undefined)
    c.header("RateLimit-Policy", policyHeader(charges))
    let counted = false
    reporters.set(caller, (states) => {
      counted = true
      report(states)
    })
    // A route that counts texts reports its count (a look first would be a wasted round trip);
    // any other looks first, and a count after all (an unlisted route) replaces the look.
    const counts = COUNTING_ROUTES.some((route) => c.req.path.endsWith(route))
    if (counts) c.header("RateLimit", undefined)
    else report(await deps.throttle.peek(charges, c.get("requestId")))
    await next()
    // Refused before counting (invalid input): where the caller stands, on this rarer path only.
    if (counts && !counted) report(await deps.throttle.peek(charges, c.get("requestId")))
  }
}

/**
 * The same headers on every /mcp answer, after its tool calls (each an /api/v1 call counting its
 * own texts) so they say what is left; a caller that is not authenticated gets an API key's
 * policy with nothing spent.
 */
export function mcpRateLimitHeaders(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next()
    const caller = c.get("principal") as Principal | undefined
    const charges = budgetsOf(deps.env, caller)
    const states = caller ? await deps.throttle.peek(charges, c.get("requestId")) : whole(charges)
    c.header("RateLimit-Policy", policyHeader(charges))
    c.header("RateLimit", states.length ? stateHeader(states) : undefined)
  }
}
