import { RestError } from "./errors"
import { type ParsedQuery, parseQuery } from "./parse-query"
import { isObject, jsonBody, parseJson, readBody, storable } from "./request-body"
import { checkProfile, negotiate, type Preferences, parsePrefer } from "./request-headers"
import type { RequestAuth } from "./request-auth"

/**
 * Stage 1 of /rest/v1, PostgREST's ApiRequest: what the client asks for, read from the method,
 * headers, query string and body. Nothing here knows the catalog or the database; every failure is
 * a 4xx RestError. Stage 2 (plan.ts) checks the names against the catalog.
 */

/** One /rest/v1 request as the route hands it over. */
export type RestRequest = {
  method: string
  /** The raw query string, without `?`: what a planned read is known by. */
  search: string
  /** The query string parsed, on demand: a read planned before never needs it. */
  params: () => URLSearchParams
  headers: { accept?: string; prefer?: string; profile?: string }
  body: () => Promise<string>
  auth: RequestAuth
}

export type ApiRequest = {
  read: boolean
  head: boolean
  /** The body shape the client accepts: `.single()` asks for one object. */
  shape: "array" | "object"
  prefs: Preferences
  query: ParsedQuery
}

/** What a table write carries: rows to insert, columns to set, or nothing (DELETE). */
export type TableWrite =
  | { kind: "insert"; rows: Record<string, unknown>[] }
  | { kind: "update"; patch: Record<string, unknown> }
  | { kind: "delete" }

/**
 * The method (GET and HEAD read; `writeMethods` write), the headers and the query string. On
 * GET /rpc/fn, query parameters named in `argNames` are the function's arguments, not filters.
 */
export function parseApiRequest(
  req: RestRequest,
  writeMethods: readonly string[],
  argNames?: ReadonlySet<string>,
): ApiRequest {
  const read = req.method === "GET" || req.method === "HEAD"
  if (!read && !writeMethods.includes(req.method))
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${req.method}`)
  checkProfile(req.headers.profile)
  const shape = negotiate(req.headers.accept)
  const prefs = parsePrefer(req.headers.prefer)
  const query = parseQuery(req.params(), argNames)
  return { read, head: req.method === "HEAD", shape, prefs, query }
}

/** POST, PATCH or DELETE on a table: its body, checked for shape (not yet for column names). */
export async function parseTableWrite(req: RestRequest, api: ApiRequest): Promise<TableWrite> {
  if (api.query.limit !== null || api.query.offset !== null)
    throw new RestError(
      400,
      "PGRST100",
      "failed to parse limit/offset",
      "limit and offset are only supported on reads by this server",
    )
  if (req.method === "DELETE") return { kind: "delete" }
  const body = await jsonBody(req.body)
  if (req.method === "PATCH") {
    if (!isObject(body))
      throw new RestError(400, "PGRST102", "Invalid body: PATCH expects a JSON object of columns")
    return { kind: "update", patch: body }
  }
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject))
    throw new RestError(
      400,
      "PGRST102",
      "Invalid body: expected a JSON object or an array of objects",
    )
  return { kind: "insert", rows }
}

/** A function call's named arguments: the JSON body on POST, the query parameters on GET. */
export async function parseRpcArgs(
  req: RestRequest,
  api: ApiRequest,
): Promise<Record<string, unknown>> {
  if (api.read) return api.query.args
  const text = await readBody(req.body)
  const body = text.trim() === "" ? {} : storable(parseJson(text))
  if (!isObject(body))
    throw new RestError(
      400,
      "PGRST102",
      "Invalid body: a function call expects a JSON object of named arguments",
    )
  return body
}
