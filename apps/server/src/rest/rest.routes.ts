import { type Context, Hono } from "hono"

import type { AppDeps } from "../deps"
import { catalogCache } from "./catalog"
import { fromPgError, isPgError, RestError } from "./errors"
import { GatewayError, authenticateRequest } from "./request-auth"
import { handleRpc, handleTable, type RestRequest } from "./rest-handlers"

/**
 * /rest/v1 — the PostgREST subset postgrest-js uses (PROTOCOL.md §3). Each request runs in one
 * transaction as the JWT's role with `request.jwt.claims` set, so row-level security decides what
 * it sees; only schema `public` is reachable. Deviations from PostgREST: no resource embedding, no
 * or/and trees, no CSV; 42883 maps to 400; a read returns at most 1,000 rows (hosted Supabase's
 * default max-rows).
 */
export function restRoutes(deps: AppDeps) {
  const app = new Hono()
  const catalog = catalogCache(deps.database.db)

  const serve = (handler: typeof handleTable) => async (c: Context) => {
    let role: RestRequest["auth"]["role"] = "anon"
    try {
      const auth = await authenticateRequest(deps, c)
      role = auth.role
      const read = c.req.method === "GET" || c.req.method === "HEAD"
      const request: RestRequest = {
        method: c.req.method,
        params: new URL(c.req.url).searchParams,
        headers: {
          accept: c.req.header("accept"),
          prefer: c.req.header("prefer"),
          profile: c.req.header(read ? "accept-profile" : "content-profile"),
        },
        body: () => c.req.text(),
        auth,
      }
      const outcome = await handler(deps, await catalog.get(), c.req.param("name")!, request)
      // c.body, not `new Response`: the headers middleware already set are merged without
      // turning the body into a stream, so the answer goes out in one write.
      const status = outcome.status as 200
      return outcome.body === null
        ? c.body(null, status, outcome.headers)
        : c.body(outcome.body, status, outcome.headers)
    } catch (error) {
      if (error instanceof GatewayError)
        return c.json({ message: error.message, hint: error.hint }, 401)
      const rest =
        error instanceof RestError ? error : isPgError(error) ? fromPgError(error, role) : null
      if (!rest) throw error
      if (rest.status >= 500) deps.logger.error({ err: error }, "rest request failed")
      return c.json(rest.body, rest.status as 400, rest.headers)
    }
  }

  app.all("/rpc/:name", serve(handleRpc))
  app.all("/:name", serve(handleTable))
  app.all("*", (c) =>
    c.json(
      {
        code: "PGRST125",
        message: "Invalid path specified in request URL",
        details: null,
        hint: null,
      },
      404,
    ),
  )
  return app
}
