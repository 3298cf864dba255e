import type { Context, Hono } from "hono"

/**
 * The /api/v1 paths Nativ's SDKs and MCP server call, also served from the root. nativ-node builds
 * its URLs with `new URL("/text/culturalize", baseUrl)`, which drops any path in the base URL, so
 * with `NATIV_API_URL=https://host/api/v1` it calls `https://host/text/culturalize`; nativ-python
 * and nativ-mcp append the path and call `/api/v1/text/culturalize`. Both work unchanged.
 */
export const SDK_PATH_PREFIXES = ["/text", "/image", "/user", "/master-tm", "/style-guide"] as const

/**
 * Answers each SDK path as its /api/v1 twin, through the whole app (as the MCP route calls the API
 * in-process), with the same request id so the two log lines belong together.
 */
export function mountSdkPaths(app: Hono) {
  for (const prefix of SDK_PATH_PREFIXES) {
    app.all(`${prefix}/*`, forward)
    app.all(prefix, forward)
  }
  function forward(c: Context) {
    const url = new URL(c.req.url)
    url.pathname = `/api/v1${url.pathname}`
    const request = new Request(url, c.req.raw)
    const id: unknown = c.get("requestId")
    if (typeof id === "string") request.headers.set("x-request-id", id)
    return app.fetch(request, c.env)
  }
}
