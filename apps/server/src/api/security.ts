import type { OpenAPIHono } from "@hono/zod-openapi"
import type { MiddlewareHandler } from "hono"

import { OAUTH_SCOPE_DESCRIPTIONS, type OAuthScope } from "@nativ/contracts"

import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import { type ApiEnv, authenticate } from "./authenticate"
import { callerRateLimit } from "./limits"
import { oauthScopesFor } from "./oauth-scopes"

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
  app.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    description:
      "An app's access token from Connect (OAuth 2.1: authorization code with PKCE, or the device grant for CLIs and plugins), acting for the member who approved it, limited to the scopes approved. Metadata: /.well-known/oauth-authorization-server.",
    flows: {
      authorizationCode: {
        authorizationUrl: `${deps.env.PUBLIC_URL}/oauth/authorize`,
        tokenUrl: `${deps.env.PUBLIC_URL}/oauth/token`,
        refreshUrl: `${deps.env.PUBLIC_URL}/oauth/token`,
        scopes: OAUTH_SCOPE_DESCRIPTIONS,
      },
    },
  })
  const register = app.openapi.bind(app)
  const openapi: typeof app.openapi = (route, handler, hook) => {
    const own = route.middleware === undefined ? [] : [route.middleware].flat()
    // Apps (Connect) are admitted where oauthScopesFor says, and the document says so too.
    const scopes = route.security?.length ? oauthScopesFor(route.method, route.path) : []
    const security = scopes.length ? [...route.security!, { oauth2: scopes }] : route.security
    return register(
      {
        ...route,
        security,
        middleware: [...guards(deps, route.security, requireScope(scopes)), ...own] as never,
      },
      handler,
      hook,
    )
  }
  app.openapi = openapi
}

function guards(
  deps: AppDeps,
  security: Security,
  scoped: MiddlewareHandler<ApiEnv>,
): MiddlewareHandler<ApiEnv>[] {
  const schemes = new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)))
  for (const scheme of schemes)
    if (scheme !== "bearerAuth" && scheme !== "sessionAuth")
      throw new Error(`unknown security scheme "${scheme}" on an /api/v1 route`)
  if (schemes.size === 0) return []
  if (schemes.has("bearerAuth")) return [authenticate(deps), scoped, callerRateLimit(deps)]
  return [authenticate(deps), scoped, callerRateLimit(deps), requireSession]
}

/**
 * An app's token (Connect) passes only where one of `scopes` was approved; a route no scope admits
 * is for people and API keys. 403 insufficient_scope, with the scopes that would do (RFC 6750).
 */
function requireScope(scopes: OAuthScope[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const oauth = c.var.principal?.oauth
    if (oauth && !scopes.some((scope) => oauth.scopes.includes(scope)))
      throw new ApiError(
        403,
        "insufficient_scope",
        scopes.length > 0
          ? `This app was not given permission for this (it needs "${scopes.join('" or "')}"). Connect it again and approve that permission.`
          : "Apps connected through Connect cannot do this: sign in to the dashboard or use an API key.",
        {
          "WWW-Authenticate": `Bearer error="insufficient_scope"${scopes.length ? `, scope="${scopes.join(" ")}"` : ""}`,
        },
      )
    await next()
  }
}

const requireSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.var.principal.apiKeyId !== null || c.var.principal.oauth !== null)
    throw new ApiError(
      403,
      "session_required",
      "API keys cannot manage API keys, members or billing: sign in to the dashboard to do this.",
    )
  await next()
}
