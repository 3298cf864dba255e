import { type Context, Hono } from "hono"
import { bodyLimit } from "hono/body-limit"

import { isDatabaseUnavailable } from "../db/unavailable"
import type { AppDeps } from "../deps"
import type { JwtRole } from "../identity/jwt"
import { refuseUnstorableQuery } from "../http/unstorable-input"
import { catalogCache } from "./catalog"
import { fromPgError, isPgError, RestError, unavailableError } from "./errors"
import { GatewayError, authenticateRequest } from "./request-auth"
import { handleRpc, handleTable, MAX_BODY_BYTES, type RestRequest } from "./rest-handlers"

/** The role the request runs as, once known: a database error is worded for it (42501 → 401/403). */
type RestEnv = { Variables: { restRole?: JwtRole } }

/**
 * /rest/v1 — the PostgREST subset postgrest-js uses (docs/protocols.md#rest). Each request runs in one
 * transaction as the JWT's role with `request.jwt.claims` set, so row-level security decides what
 * it sees; only schema `public` is reachable. Deviations from PostgREST: no resource embedding, no
 * or/and trees, no CSV; 42883 maps to 400; a read returns at most 1,000 rows (hosted Supabase's
 * default max-rows).
 */
export function restRoutes(deps: AppDeps) {
  const app = new Hono<RestEnv>()
  const catalog = catalogCache(deps.database.db)
  // Counted while the body streams in, so an oversized upload is refused without being read. Not
  // on reads, whose body is never read: asking a GET for its body makes the Node adapter build a
  // full fetch Request (headers, AbortSignal), ~5 % of a read's CPU in Node plus its garbage.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json(
        new RestError(413, "PGRST413", `The request body is larger than ${MAX_BODY_BYTES} bytes`)
          .body,
        413,
      ),
  })
  app.use((c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  )
  // As PostgreSQL answers a NUL in a filter value, before a connection is taken for it.
  app.use(
    refuseUnstorableQuery((c, message) =>
      c.json(
        new RestError(400, "22021", 'invalid byte sequence for encoding "UTF8": 0x00', message)
          .body,
        400,
      ),
    ),
  )

  const serve = (handler: typeof handleTable) => async (c: Context<RestEnv>) => {
    const auth = await authenticateRequest(deps, c)
    c.set("restRole", auth.role)
    const read = c.req.method === "GET" || c.req.method === "HEAD"
    const url = c.req.url
    const queryStart = url.indexOf("?")
    const search = queryStart < 0 ? "" : url.slice(queryStart + 1)
    const request: RestRequest = {
      method: c.req.method,
      search,
      params: () => new URLSearchParams(search),
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
  app.onError((error, c) => {
    if (error instanceof GatewayError)
      return c.json({ message: error.message, hint: error.hint }, 401)
    const rest =
      error instanceof RestError
        ? error
        : isDatabaseUnavailable(error)
          ? unavailableError()
          : isPgError(error)
            ? fromPgError(error, c.get("restRole") ?? "anon")
            : null
    // Anything else is ours, not the database's: the app's handler answers it (500, logged).
    if (!rest) throw error
    if (rest.status >= 500)
      deps.logger.error({ reqId: c.get("requestId"), err: error }, "rest request failed")
    return c.json(rest.body, rest.status as 400, rest.headers)
  })
  return app
}
