import { cors } from "hono/cors"

/**
 * CORS for every path, as supabase-js needs it in a browser: OPTIONS answered, request headers
 * echoed, and the headers the clients read exposed (without Content-Range the browser's count is
 * null; without X-Supabase-Api-Version auth error codes are lost).
 */
export function corsMiddleware(origins: string) {
  const list = origins
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean)
  return cors({
    origin: list.includes("*") || list.length === 0 ? "*" : list,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
    exposeHeaders: [
      "Content-Range",
      "Range-Unit",
      "Content-Location",
      "Location",
      "Preference-Applied",
      "X-Supabase-Api-Version",
      "x-sb-error-code",
      "x-relay-error",
      "Retry-After",
      "X-Request-Id",
    ],
    maxAge: 600,
  })
}
