import type { RawBuilder } from "kysely"
import type pg from "pg"

import type { AppDeps } from "../deps"
import {
  type BodyShape,
  type Conflict,
  deleteStatement,
  insertStatement,
  readStatement,
  type ResultRow,
  scalarCallStatement,
  type Source,
  updateStatement,
  voidCallStatement,
} from "./build-sql"
import type { Catalog, Relation, RestFunction } from "./catalog"
import { RestError } from "./errors"
import {
  checkProfile,
  contentRange,
  negotiate,
  type Preferences,
  parsePrefer,
  preferenceApplied,
  rangeStatus,
} from "./headers"
import { type ParsedQuery, parseQuery } from "./parse-query"
import type { RequestAuth } from "./request-auth"
import { firstRow, runAsRequest } from "./request-script"

/** Hosted Supabase's default `db-max-rows`: a read returns at most this many rows. */
export const MAX_ROWS = 1000
const MAX_BODY_BYTES = 1_000_000

export type RestRequest = {
  method: string
  params: URLSearchParams
  headers: { accept?: string; prefer?: string; profile?: string }
  body: () => Promise<string>
  auth: RequestAuth
}

type Outcome = { status: number; body: string | null; headers: Record<string, string> }

const JSON_TYPE = "application/json; charset=utf-8"
const OBJECT_TYPE = "application/vnd.pgrst.object+json; charset=utf-8"

/** GET/HEAD/POST/PATCH/DELETE on /rest/v1/<table>. */
export async function handleTable(
  deps: AppDeps,
  catalog: Catalog,
  name: string,
  req: RestRequest,
): Promise<Outcome> {
  const relation = catalog.relations.get(name)
  if (!relation)
    throw new RestError(
      404,
      "PGRST205",
      `Could not find the table 'public.${name.slice(0, 100)}' in the schema cache`,
    )
  const read = req.method === "GET" || req.method === "HEAD"
  if (!read && !["POST", "PATCH", "DELETE"].includes(req.method))
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${req.method}`)
  checkProfile(req.headers.profile)
  const shape = negotiate(req.headers.accept)
  const prefs = parsePrefer(req.headers.prefer)
  const query = parseQuery(req.params)
  const source: Source = { kind: "relation", relation }

  if (read) return readRelation(deps, req, source, query, shape, prefs)
  if (query.limit !== null || query.offset !== null)
    throw new RestError(
      400,
      "PGRST100",
      "failed to parse limit/offset",
      "limit and offset are only supported on reads by this server",
    )
  const returnShape: BodyShape | "minimal" = prefs.return === "representation" ? shape : "minimal"
  let statements: RawBuilder<ResultRow>[]
  if (req.method === "POST")
    statements = insertStatements(relation, query, prefs, returnShape, await jsonBody(req))
  else if (req.method === "PATCH") {
    const patch = await jsonBody(req)
    if (!isObject(patch))
      throw new RestError(400, "PGRST102", "Invalid body: PATCH expects a JSON object of columns")
    statements = Object.keys(patch).length
      ? [updateStatement(relation, patch, query, returnShape)]
      : []
  } else statements = [deleteStatement(relation, query, returnShape)]

  return mutate(
    deps,
    req,
    statements,
    shape,
    returnShape,
    prefs,
    req.method === "POST" ? 201 : null,
  )
}

async function readRelation(
  deps: AppDeps,
  req: RestRequest,
  source: Source,
  query: ParsedQuery,
  shape: BodyShape,
  prefs: Preferences,
): Promise<Outcome> {
  const head = req.method === "HEAD"
  const count = prefs.count !== null
  const statement = readStatement(source, query, {
    count,
    shape: head ? "none" : shape,
    maxRows: MAX_ROWS,
  })
  const [result] = await runAsRequest(deps, req.auth, [statement], { readOnly: true })
  return readOutcome(firstRow(result), query, shape, head, prefs)
}

function readOutcome(
  row: ResultRow,
  query: ParsedQuery,
  shape: BodyShape,
  head: boolean,
  prefs: Preferences,
): Outcome {
  const offset = query.offset ?? 0
  const total = row.total === null ? null : Number(row.total)
  const status = rangeStatus(offset, row.page_count, total)
  if (status === 416)
    throw new RestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { "Content-Range": `*/${total}` },
    )
  if (shape === "object" && !head) checkSingle(row.page_count)
  const headers: Record<string, string> = {
    "Content-Type": shape === "object" ? OBJECT_TYPE : JSON_TYPE,
    "Content-Range": contentRange(offset, row.page_count, total),
  }
  const applied = preferenceApplied({ ...prefs, return: null })
  if (applied && prefs.count) headers["Preference-Applied"] = `count=${prefs.count}`
  return { status, body: head ? null : row.body, headers }
}

function checkSingle(rows: number) {
  if (rows !== 1)
    throw new RestError(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rows} rows`,
    )
}

async function mutate(
  deps: AppDeps,
  req: RestRequest,
  statements: RawBuilder<ResultRow>[],
  shape: BodyShape,
  returnShape: BodyShape | "minimal",
  prefs: Preferences,
  createdStatus: 201 | null,
): Promise<Outcome> {
  const results = await runAsRequest(deps, req.auth, statements, {
    readOnly: false,
    // A single object was asked for: anything but one row rolls the whole request back (which
    // costs a second round trip, so only then is the check made before COMMIT).
    ...(shape === "object" && { check: (r) => checkSingle(tally(r, returnShape).rows) }),
  })
  const { rows, bodies } = tally(results, returnShape)

  const headers: Record<string, string> = {
    "Content-Range": prefs.count ? contentRange(0, rows, rows) : "*/*",
  }
  const applied = preferenceApplied(prefs)
  if (applied) headers["Preference-Applied"] = applied
  if (returnShape === "minimal") return { status: createdStatus ?? 204, body: null, headers }
  headers["Content-Type"] = shape === "object" ? OBJECT_TYPE : JSON_TYPE
  const body = shape === "object" ? (bodies[0] ?? "null") : mergeArrays(bodies)
  return { status: createdStatus ?? 200, body, headers }
}

/** Rows the statements touched, and their bodies when a representation was asked for. */
function tally(results: pg.QueryResult<ResultRow>[], returnShape: BodyShape | "minimal") {
  let rows = 0
  const bodies: string[] = []
  for (const result of results) {
    if (returnShape === "minimal") rows += result.rowCount ?? 0
    else {
      const row = firstRow(result)
      rows += row.page_count
      if (row.body !== null) bodies.push(row.body)
    }
  }
  return { rows, bodies }
}

/** Joins json_agg outputs (`[…]`) without parsing them. */
function mergeArrays(bodies: string[]) {
  const inner = bodies.map((b) => b.trim().slice(1, -1).trim()).filter((b) => b !== "")
  return `[${inner.join(", ")}]`
}

function insertStatements(
  relation: Relation,
  query: ParsedQuery,
  prefs: Preferences,
  returnShape: BodyShape | "minimal",
  body: unknown,
): RawBuilder<ResultRow>[] {
  const rows = Array.isArray(body) ? body : [body]
  if (rows.length === 0) return []
  if (!rows.every(isObject))
    throw new RestError(
      400,
      "PGRST102",
      "Invalid body: expected a JSON object or an array of objects",
    )
  const allowed = query.columns ? new Set(query.columns) : null
  let conflict: Conflict = null
  if (prefs.resolution) {
    const target = query.onConflict ?? relation.primaryKey
    if (target.length === 0)
      throw new RestError(
        400,
        "PGRST100",
        "failed to parse on_conflict",
        "the table has no primary key; name the conflict columns in on_conflict",
      )
    conflict = { target, action: prefs.resolution === "ignore-duplicates" ? "ignore" : "merge" }
  }
  const keysOf = (row: Record<string, unknown>) =>
    Object.keys(row).filter((k) => !allowed || allowed.has(k))

  // Single objects and `missing=default` keep each row's own columns, so absent ones get their
  // defaults; an array otherwise inserts the union of its keys, absent ones as NULL (PostgREST).
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>()
  const union = query.columns ?? [...new Set(rows.flatMap((r) => keysOf(r)))]
  for (const row of rows) {
    const columns = prefs.missing === "default" || rows.length === 1 ? keysOf(row) : union
    const key = columns.join("\u0000")
    const group = groups.get(key) ?? { columns, rows: [] }
    group.rows.push(row)
    groups.set(key, group)
  }
  return [...groups.values()].map((g) =>
    insertStatement(relation, g.columns, g.rows, query, returnShape, conflict),
  )
}

/** POST/GET/HEAD /rest/v1/rpc/<fn> with named arguments (JSON body, or query parameters on GET). */
export async function handleRpc(
  deps: AppDeps,
  catalog: Catalog,
  name: string,
  req: RestRequest,
): Promise<Outcome> {
  const overloads = catalog.functions.get(name) ?? []
  const read = req.method === "GET" || req.method === "HEAD"
  if (!read && req.method !== "POST")
    throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${req.method}`)
  checkProfile(req.headers.profile)
  const shape = negotiate(req.headers.accept)
  const prefs = parsePrefer(req.headers.prefer)
  const argNames = new Set(overloads.flatMap((fn) => fn.args.map((a) => a.name)))
  const query = parseQuery(req.params, argNames)

  let args: Record<string, unknown> = query.args
  if (!read) {
    const text = await readBody(req)
    const body = text.trim() === "" ? {} : parseJson(text)
    if (!isObject(body))
      throw new RestError(
        400,
        "PGRST102",
        "Invalid body: a function call expects a JSON object of named arguments",
      )
    args = body
  }
  const fn = pickOverload(name, overloads, args)
  const head = req.method === "HEAD"

  if (fn.returns === "void" || (!fn.returnsSet && fn.returns === "scalar")) {
    const statement =
      fn.returns === "void" ? voidCallStatement(fn, args) : scalarCallStatement(fn, args)
    const [result] = await runAsRequest(deps, req.auth, [statement], { readOnly: read })
    const row = firstRow(result)
    if (fn.returns === "void") return { status: 204, body: null, headers: {} }
    return {
      status: 200,
      body: head ? null : (row.body ?? "null"),
      headers: { "Content-Type": JSON_TYPE, "Content-Range": "0-0/*" },
    }
  }
  const source: Source = { kind: "function", fn, args }
  const resultShape: BodyShape = head ? "none" : fn.returnsSet ? shape : "object"
  const statement = readStatement(source, query, {
    count: prefs.count !== null,
    shape: resultShape,
    maxRows: fn.returnsSet ? MAX_ROWS : 1,
  })
  const row = firstRow((await runAsRequest(deps, req.auth, [statement], { readOnly: read }))[0])
  const outcome = readOutcome(row, query, fn.returnsSet ? shape : "array", head, prefs)
  if (!fn.returnsSet && !head) outcome.body = row.body ?? "null"
  return outcome
}

function pickOverload(name: string, overloads: RestFunction[], args: Record<string, unknown>) {
  const given = Object.keys(args)
  const fn = overloads.find(
    (f) =>
      given.every((g) => f.args.some((a) => a.name === g)) &&
      f.args.every((a) => a.hasDefault || given.includes(a.name)),
  )
  if (fn) return fn
  const signature = `public.${name.slice(0, 100)}(${given.map((g) => g.slice(0, 60)).join(", ")})`
  const known = overloads[0]
  throw new RestError(
    404,
    "PGRST202",
    `Could not find the function ${signature} in the schema cache`,
    null,
    known
      ? `Perhaps you meant to call the function public.${known.name}(${known.args.map((a) => a.name).join(", ")})`
      : null,
  )
}

async function readBody(req: RestRequest): Promise<string> {
  const text = await req.body()
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new RestError(413, "PGRST413", `The request body is larger than ${MAX_BODY_BYTES} bytes`)
  return text
}

async function jsonBody(req: RestRequest): Promise<unknown> {
  return parseJson(await readBody(req))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RestError(
      400,
      "PGRST102",
      "Empty or invalid json",
      error instanceof Error ? error.message : null,
    )
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
