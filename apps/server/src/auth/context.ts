import type { Context } from "hono"

import type { AppDeps } from "../deps"
import { clientIp } from "./request"
import { type Client } from "./sessions"

/** What every /auth/v1 handler gets: the app's dependencies (rate limits are route middleware). */
export type AuthContext = { deps: AppDeps }

export function createAuthContext(deps: AppDeps): AuthContext {
  return { deps }
}

export function requestClient(ctx: AuthContext, c: Context): Client {
  return { ip: clientIp(c, ctx.deps.env.TRUST_PROXY), userAgent: c.req.header("user-agent") }
}
