import type { OpenAPIHono } from "@hono/zod-openapi"
import type { MiddlewareHandler } from "hono"

import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import { type ApiEnv, authenticate } from "./authenticate"
import { callerRateLimit } from "./limits"

/** An API key (`nativ_…`) or a signed-in user's access token. */
export const bearerAuth = [{ bearerAuth: [] }]
/**
 * A signed-in user's access token only: managing API keys. A key that could create keys or revoke
 * its own parent would outlive its revocation, so a call made with an API key is refused (403).
 */
export const sessionAuth = [{ sessionAuth: [] }]

type Security = { [scheme: string]: string[] }[] | undefined

/**
 * Authentication for /api/v1 is what each route's OpenAPI `security` declares, so the document
 * and the enforcement cannot drift: every route registered through `app.openapi` gets the
 * middleware its schemes require, before its input is validated. A route without `security` is
 * public; a scheme this function does not know fails at start-up rather than letting requests in.
 */
export function enforceDeclaredSecurity(app: OpenAPIHono<ApiEnv>, deps: AppDeps) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "An API key (`nativ_…`, created on the dashboard's API Keys page) or a user access token. With two-factor authentication on, an access token must have passed it (aal2): a password-only one is refused with 403 `insufficient_aal`.",
  })
  app.openAPIRegistry.registerComponent("securitySchemes", "sessionAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A user access token from /auth/v1 (signing in); API keys are refused here. With two-factor authentication on, the token must have passed it (aal2): a password-only one is refused with 403 `insufficient_aal`.",
  })
  const register = app.openapi.bind(app)
  const openapi: typeof app.openapi = (route, handler, hook) => {
    const own = route.middleware === undefined ? [] : [route.middleware].flat()
    return register(
      { ...route, middleware: [...guards(deps, route.security), ...own] as never },
      handler,
      hook,
    )
  }
  app.openapi = openapi
}

function guards(deps: AppDeps, security: Security): MiddlewareHandler<ApiEnv>[] {
  const schemes = new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)))
  for (const scheme of schemes)
    if (scheme !== "bearerAuth" && scheme !== "sessionAuth")
      throw new Error(`unknown security scheme "${scheme}" on an /api/v1 route`)
  if (schemes.size === 0) return []
  if (schemes.has("bearerAuth")) return [authenticate(deps), callerRateLimit(deps)]
  return [authenticate(deps), callerRateLimit(deps), requireSession]
}

const requireSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.var.principal.apiKeyId !== null)
    throw new ApiError(
      403,
      "session_required",
      "API keys cannot manage API keys, members or billing: sign in to the dashboard to do this.",
    )
  await next()
}
