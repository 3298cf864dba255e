import { findUnstorable, unstorableMessage } from "@nativ/contracts"
import type { Context, MiddlewareHandler } from "hono"

/**
 * The first query parameter whose name or value PostgreSQL cannot store (a NUL, since URL
 * decoding already turns broken UTF-8 into U+FFFD), as a message naming it; null when all can.
 */
export function unstorableQuery(url: string): string | null {
  // Only a percent-encoded NUL decodes to one; most URLs are cleared without being parsed.
  if (!url.includes("%00") && !url.includes("\0")) return null
  for (const [name, value] of new URL(url).searchParams) {
    const found = findUnstorable(name) ?? findUnstorable(value)
    if (found)
      return `query parameter ${JSON.stringify(name.slice(0, 60))}: ${unstorableMessage(found)}`
  }
  return null
}

/**
 * The first problem in a JSON body as a message: text the database cannot store, or nesting
 * deeper than any of our payloads needs. Null when the whole value is fine.
 */
export function unstorableJson(value: unknown): string | null {
  const found = findUnstorable(value)
  return found ? unstorableMessage(found) : null
}

/**
 * Middleware for one protocol: a request whose query string holds text the database cannot store
 * is answered by `refuse` in that protocol's error shape, before any handler runs.
 */
export function refuseUnstorableQuery(
  refuse: (c: Context, message: string) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const problem = c.req.url.includes("?") ? unstorableQuery(c.req.url) : null
    if (problem) return refuse(c, problem)
    return next()
  }
}

/**
 * Middleware for a protocol whose handlers read JSON through `c.req.json()` (zod validators): a
 * JSON body holding text the database cannot store, or nested too deep, is answered by `refuse`.
 * The parsed value is left in Hono's body cache, so the validator does not parse it again;
 * invalid JSON is left for the validator to refuse in its own words.
 */
export function refuseUnstorableJsonBody(
  refuse: (c: Context, message: string) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.raw.body || !/json/i.test(c.req.header("content-type") ?? "")) return next()
    let value: unknown
    try {
      value = JSON.parse(await c.req.text())
    } catch {
      return next()
    }
    const problem = unstorableJson(value)
    if (problem) return refuse(c, problem)
    c.req.bodyCache.json = Promise.resolve(value)
    return next()
  }
}
