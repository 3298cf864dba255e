import { createNativClient } from "@nativ/client"
import { createNativMcpServer } from "@nativ/mcp"
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"

import { ApiError, renderApiError } from "../api/api-error"
import { type ApiEnv, authenticate } from "../api/authenticate"
import { mcpRateLimitHeaders } from "../api/limits"
import type { AppDeps } from "../deps"
import { BODY_LIMITS } from "../http/json-body"
import { readAuthorization } from "../identity/bearer"

/** Where the MCP tools' API calls go: this server itself, in-process. */
const INTERNAL_API = "http://nativ.internal/api/v1"

export type AppFetch = (request: Request, env: unknown) => Response | Promise<Response>

/**
 * /mcp: Nativ's MCP server over Streamable HTTP, stateless (each POST carries its own messages).
 * A caller authenticates as on /api/v1 (`Authorization: Bearer <API key>`, `X-API-Key: <API key>`,
 * or a user's access token), checked before any MCP message is read. Each tool call is then an /api/v1 call made
 * in-process with the caller's own credentials, so key checks, rate limits, credits and
 * operation records (tool `mcp`) are exactly the API's.
 */
export function mcpRoutes(deps: AppDeps, appFetch: AppFetch) {
  const app = new Hono<ApiEnv>()
  app.onError((error, c) => {
    if (error instanceof ApiError) return renderApiError(c, error)
    throw error
  })
  // The caller's budgets after its tool calls (each an /api/v1 call that counts its own texts).
  app.use(mcpRateLimitHeaders(deps))
  app.use(
    bodyLimit({
      maxSize: BODY_LIMITS.api,
      onError: () => {
        throw new ApiError(413, "invalid_request", "The request body is larger than 1 MB.")
      },
    }),
  )
  app.post("/", authenticate(deps), async (c) => {
    // The credential authenticate() accepted: a bearer token, or a key in X-API-Key as Nativ's
    // own MCP server and SDKs send it.
    const auth = readAuthorization(c)
    const token = auth.kind === "bearer" ? auth.token : (c.req.header("x-api-key")?.trim() ?? "")
    const client = createNativClient({
      baseUrl: INTERNAL_API,
      accessToken: () => token,
      fetch: ((request: Request) => appFetch(request, c.env)) as typeof fetch,
      retry: { maxRetries: 0 },
    })
    const server = await createNativMcpServer(client)
    // The SDK loads on the first call, not at start-up (npm run bench, scenario 6).
    const { WebStandardStreamableHTTPServerTransport } =
      await import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(c.req.raw)
    } finally {
      await server.close()
    }
  })
  // Stateless: no server-initiated stream to open and no session to end.
  app.on(["GET", "DELETE"], "/", (c) =>
    c.json(
      {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: POST MCP messages to /mcp." },
        id: null,
      },
      405,
      { Allow: "POST" },
    ),
  )
  return app
}
