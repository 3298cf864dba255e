import type { MiddlewareHandler } from "hono"

import type { Logger } from "../logger"

/**
 * One JSON log line per request with its id. The path is logged without the query string (email
 * links carry tokens there) and no header or body is logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Math.round((performance.now() - started) * 10) / 10
    const level = c.res.status >= 500 ? "error" : "info"
    logger[level](
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
      },
      "request",
    )
  }
}
