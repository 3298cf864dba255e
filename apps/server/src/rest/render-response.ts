import type pg from "pg"

import type { BodyShape, ResultRow } from "./build-sql"
import { RestError } from "./errors"
import type { ParsedQuery } from "./parse-query"
import type { ReturnShape } from "./plan"
import type { Preferences } from "./request-headers"
import {
  contentRange,
  JSON_TYPE,
  OBJECT_TYPE,
  preferenceApplied,
  rangeStatus,
} from "./response-headers"
import { firstRow } from "./request-script"

/**
 * Stage 4 of /rest/v1: the statements' results as PostgREST's response — status, body (JSON text
 * built by Postgres, passed through unparsed) and headers.
 */
export type Outcome = { status: number; body: string | null; headers: Record<string, string> }

/** A read's page: 206/416 for ranges of a counted read, Content-Range always. */
export function readOutcome(
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

/** `.single()`: anything but exactly one row is 406. */
export function checkSingle(rows: number) {
  if (rows !== 1)
    throw new RestError(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rows} rows`,
    )
}

/** A write's answer: 201/200 with the representation, or 201/204 without a body. */
export function mutationOutcome(
  results: pg.QueryResult<ResultRow>[],
  shape: BodyShape,
  returnShape: ReturnShape,
  prefs: Preferences,
  createdStatus: 201 | null,
): Outcome {
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

/** A function's single value, as JSON (`null` when it returned none). */
export function scalarOutcome(row: ResultRow, head: boolean): Outcome {
  return {
    status: 200,
    body: head ? null : (row.body ?? "null"),
    headers: { "Content-Type": JSON_TYPE, "Content-Range": "0-0/*" },
  }
}

/** Rows the statements touched, and their bodies when a representation was asked for. */
export function tally(results: pg.QueryResult<ResultRow>[], returnShape: ReturnShape) {
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
