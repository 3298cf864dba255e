import type { Context, Hono } from "hono"
import type { StatusCode } from "hono/utils/http-status"

import { OAUTH_SCOPES } from "@nativ/contracts"

import { limitCaller } from "../auth/limits"
import type { AppDeps } from "../deps"
import { requestOrigin } from "../http/request-origin"
import { consentRoutes } from "./consent.routes"
import { deviceRoutes } from "./device.routes"
import { createOAuthServer, type OAuthServer } from "./oauth-server"
import { DEFAULT_SCOPE, DEVICE_CODE_GRANT } from "./constants"
import { slowDown } from "./slow-down"

/** What the two protected resources are called in their metadata (RFC 9728). */
const RESOURCES = {
  "/api/v1": "Nativ API",
  "/mcp": "Nativ MCP server",
} as const

/**
 * Connect's OAuth 2.1 endpoints on the app: the authorization server under /oauth (oidc-provider),
 * its metadata (RFC 8414 and OpenID discovery), the protected resources' metadata (RFC 9728) for
 * /api/v1 and /mcp, and the dashboard's consent (/oauth/interaction) and device-code (/oauth/device)
 * calls. Returns the server, so /api/v1 and /mcp can read its tokens.
 */
export function mountOAuth(app: Hono, deps: AppDeps): OAuthServer {
  const oauth = createOAuthServer(deps)
  const originOf = (c: Context) => {
    const origin = requestOrigin(c, deps.env.TRUST_PROXY)
    if (!origin) throw new Error("unreachable: a request without a plausible host")
    return origin
  }
  const toProvider = async (c: Context, request: Request = c.req.raw) => {
    const answer = await oauth.handle(request, originOf(c))
    // Through c.newResponse, so the headers set before the handler (CORS: a browser-based client
    // such as the MCP Inspector registers from its own origin) join oidc-provider's own. Its
    // Content-Length stays out: Hono keeps merged headers for the context, and a handler that
    // rewrites the body (metadata, device codes) would otherwise send a stale length.
    const headers = new Headers(answer.headers)
    headers.delete("content-length")
    return c.newResponse(answer.body, { status: answer.status as StatusCode, headers })
  }

  for (const path of [
    "/.well-known/oauth-authorization-server",
    "/.well-known/openid-configuration",
  ])
    app.get(path, async (c) => {
      const answer = await toProvider(c)
      if (answer.status !== 200) return answer
      // oidc-provider lists its OpenID scopes only; the API's scopes are its resources'.
      const metadata = (await answer.json()) as Record<string, unknown>
      return c.json({ ...metadata, scopes_supported: ["openid", ...OAUTH_SCOPES] }, 200, {
        "Cache-Control": "public, max-age=300",
      })
    })

  const protectedResource = (path: keyof typeof RESOURCES) => (c: Context) => {
    const origin = originOf(c)
    c.header("Cache-Control", "public, max-age=300")
    return c.json({
      resource: `${origin}${path}`,
      resource_name: RESOURCES[path],
      authorization_servers: [origin],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ["header"],
      resource_documentation: `${origin}/api/v1/docs`,
    })
  }
  app.get("/.well-known/oauth-protected-resource", protectedResource("/api/v1"))
  app.get("/.well-known/oauth-protected-resource/api/v1", protectedResource("/api/v1"))
  app.get("/.well-known/oauth-protected-resource/mcp", protectedResource("/mcp"))

  app.route("/oauth/interaction", consentRoutes(deps, oauth))
  app.route("/oauth/device", deviceRoutes(deps, oauth))

  app.get("/oauth/authorize", (c) => {
    const url = new URL(c.req.url)
    const params = url.searchParams
    // An app that asks for no scope is asked for the default ones, rather than for nothing.
    if (!params.get("scope")?.trim()) params.set("scope", DEFAULT_SCOPE)
    // Every authorization is consented to on /connect, so offline_access (a refresh token), which
    // OpenID Connect grants only with prompt=consent, is asked for with it.
    const prompts = new Set(params.get("prompt")?.split(" ").filter(Boolean))
    if (params.get("scope")!.split(" ").includes("offline_access") && !prompts.has("none"))
      params.set("prompt", [...prompts.add("consent")].join(" "))
    return toProvider(c, new Request(url, c.req.raw))
  })
  app.post("/oauth/device/code", async (c) => {
    const form = new URLSearchParams(await c.req.text())
    if (!form.get("scope")?.trim()) form.set("scope", DEFAULT_SCOPE)
    const answer = await toProvider(c, formRequest(c, form))
    if (answer.status !== 200) return answer
    // RFC 8628's polling interval, which oidc-provider leaves out (the default would be 5 s).
    const body = (await answer.json()) as Record<string, unknown>
    return c.json({ ...body, interval: deps.env.OAUTH_DEVICE_POLL_INTERVAL_SECONDS }, 200, {
      "Cache-Control": "no-store",
    })
  })
  // Registration is open (RFC 7591, as MCP clients need): limited per address like sign-ups.
  app.post(
    "/oauth/register",
    limitCaller(deps, "oauth-register", tooManyRegistrations),
    async (c) => {
      const text = await c.req.text()
      let metadata: unknown
      try {
        metadata = JSON.parse(text)
      } catch {
        return toProvider(c, jsonRequest(c, text))
      }
      // A client may say which scopes it means to ask for (MCP clients copy the resource's); the
      // person decides on /connect, and oidc-provider would refuse the API's scopes in client metadata.
      if (metadata && typeof metadata === "object" && "scope" in metadata)
        delete (metadata as Record<string, unknown>).scope
      return toProvider(c, jsonRequest(c, JSON.stringify(metadata)))
    },
  )
  app.post("/oauth/token", async (c) => {
    const form = new URLSearchParams(await c.req.text())
    const deviceCode = form.get("device_code")
    if (form.get("grant_type") === DEVICE_CODE_GRANT && deviceCode) {
      const refused = await slowDown(deps, deviceCode)
      if (refused) return c.json(refused, 400, { "Cache-Control": "no-store" })
    }
    return toProvider(c, formRequest(c, form))
  })
  app.all("/oauth/*", (c) => toProvider(c))
  return oauth
}

const tooManyRegistrations = (c: Context, wait: number) =>
  c.json(
    {
      error: "temporarily_unavailable",
      error_description: `too many registrations from this address: try again in ${wait} seconds`,
    },
    429,
    { "Retry-After": String(wait) },
  )

/** The request again with `form` as its body (the original's body has been read). */
const formRequest = (c: Context, form: URLSearchParams) =>
  withBody(c, "application/x-www-form-urlencoded", form.toString())

const jsonRequest = (c: Context, body: string) => withBody(c, "application/json", body)

function withBody(c: Context, type: string, body: string) {
  const headers = new Headers(c.req.raw.headers)
  headers.set("content-type", type)
  // Koa reads a body only when its length (or chunking) is announced.
  headers.set("content-length", String(Buffer.byteLength(body)))
  return new Request(c.req.url, { method: "POST", headers, body })
}
