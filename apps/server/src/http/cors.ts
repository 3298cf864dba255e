import type { MiddlewareHandler } from "hono"

const EXPOSED = [
  "Content-Range",
  "Range-Unit",
  "Content-Location",
  "Location",
  "Preference-Applied",
  "X-Supabase-Api-Version",
  "x-sb-error-code",
  "x-relay-error",
  "Retry-After",
  "RateLimit",
  "RateLimit-Policy",
  "X-Request-Id",
].join(",")
const METHODS = "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS"

/**
 * CORS for every path, as supabase-js needs it in a browser: OPTIONS answered, request headers
 * echoed, and the headers the clients read exposed (without Content-Range the browser's count is
 * null; without X-Supabase-Api-Version auth error codes are lost).
 *
 * Headers are set with `c.header` before the handler runs, never on `c.res` (as hono/cors does):
 * touching `c.res` early makes Hono rebuild every response as a stream, which cost a REST request
 * about a fifth of its CPU (npm run bench, scenario 2).
 */
export function corsMiddleware(origins: string): MiddlewareHandler {
  const list = origins
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean)
  const anyOrigin = list.includes("*") || list.length === 0
  return async (c, next) => {
    const origin = c.req.header("origin")
    const allowed = anyOrigin ? "*" : origin && list.includes(origin) ? origin : null
    if (allowed) c.header("Access-Control-Allow-Origin", allowed)
    c.header("Access-Control-Expose-Headers", EXPOSED)
    if (!anyOrigin) c.header("Vary", "Origin", { append: true })
    if (c.req.method !== "OPTIONS") return next()

    c.header("Access-Control-Max-Age", "600")
    c.header("Access-Control-Allow-Methods", METHODS)
    const requested = c.req.header("access-control-request-headers")
    if (requested) {
      const echoed = requested
        .split(",")
        .map((h) => h.trim())
        .filter(Boolean)
        .join(",")
      c.header("Access-Control-Allow-Headers", echoed)
      c.header("Vary", "Access-Control-Request-Headers", { append: true })
    }
    return c.body(null, 204)
  }
}
