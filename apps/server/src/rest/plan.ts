import type { BodyShape, Conflict } from "./build-sql"
import type { Catalog, Relation, RestFunction } from "./catalog"
import { RestError } from "./errors"
import type { ParsedQuery } from "./parse-query"
import type { Preferences } from "./request-headers"

/**
 * Stage 2 of /rest/v1, PostgREST's plan: the request's names resolved against the catalog (the
 * schema cache) — the table or function, each column it names, the conflict target — so that
 * build-sql.ts only ever quotes names that exist. Names are checked in the order the SQL names
 * them, so the first unknown one is the one reported. A function's result columns are not in the
 * catalog: PostgreSQL checks those when the call runs.
 */

/** Hosted Supabase's default `db-max-rows`: a read returns at most this many rows. */
export const MAX_ROWS = 1000

/** A request's body as it will be returned: `minimal` returns none. */
export type ReturnShape = BodyShape | "minimal"

/** One INSERT: the rows that share a column list. */
export type InsertGroup = { columns: string[]; rows: Record<string, unknown>[] }

export function findRelation(catalog: Catalog, name: string): Relation {
  const relation = catalog.relations.get(name)
  if (relation) return relation
  throw new RestError(
    404,
    "PGRST205",
    `Could not find the table 'public.${name.slice(0, 100)}' in the schema cache`,
  )
}

/** The overload whose arguments the call names: all given ones exist, all missing ones default. */
export function pickOverload(
  name: string,
  overloads: RestFunction[],
  args: Record<string, unknown>,
): RestFunction {
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

/** A read's filters, then (when rows are read, not only counted) its selected and ordered columns. */
export function checkRead(relation: Relation, query: ParsedQuery, readsRows: boolean) {
  checkColumns(relation, query.filters)
  if (!readsRows) return
  checkSelected(relation, query)
  checkColumns(relation, query.order)
}

/**
 * The INSERT statements for `rows`. Single objects and `missing=default` keep each row's own
 * columns, so absent ones get their defaults; an array otherwise inserts the union of its keys,
 * absent ones as NULL (PostgREST). `Prefer: resolution=…` upserts on `on_conflict` or the key.
 */
export function planInsert(
  relation: Relation,
  query: ParsedQuery,
  prefs: Preferences,
  returnShape: ReturnShape,
  rows: Record<string, unknown>[],
): { groups: InsertGroup[]; conflict: Conflict } {
  if (rows.length === 0) return { groups: [], conflict: null }
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
  const allowed = query.columns ? new Set(query.columns) : null
  const keysOf = (row: Record<string, unknown>) =>
    Object.keys(row).filter((k) => !allowed || allowed.has(k))
  const byColumns = new Map<string, InsertGroup>()
  const union = query.columns ?? [...new Set(rows.flatMap((r) => keysOf(r)))]
  for (const row of rows) {
    const columns = prefs.missing === "default" || rows.length === 1 ? keysOf(row) : union
    const key = columns.join("\u0000")
    const group = byColumns.get(key) ?? { columns, rows: [] }
    group.rows.push(row)
    byColumns.set(key, group)
  }
  const groups = [...byColumns.values()]
  for (const group of groups) {
    checkNames(relation, group.columns)
    if (conflict) checkNames(relation, conflict.target)
    if (returnShape !== "minimal") checkSelected(relation, query)
  }
  return { groups, conflict }
}

export function checkUpdate(
  relation: Relation,
  patch: Record<string, unknown>,
  query: ParsedQuery,
  returnShape: ReturnShape,
) {
  checkNames(relation, Object.keys(patch))
  checkDelete(relation, query, returnShape)
}

export function checkDelete(relation: Relation, query: ParsedQuery, returnShape: ReturnShape) {
  if (returnShape !== "minimal") checkSelected(relation, query)
  checkColumns(relation, query.filters)
}

function checkSelected(relation: Relation, query: ParsedQuery) {
  for (const item of query.select) if (item.kind === "column") checkName(relation, item.column)
}

function checkColumns(relation: Relation, terms: readonly { column: string }[]) {
  for (const term of terms) checkName(relation, term.column)
}

function checkNames(relation: Relation, names: readonly string[]) {
  for (const name of names) checkName(relation, name)
}

function checkName(relation: Relation, column: string) {
  if (!relation.columns.has(column))
    throw new RestError(400, "42703", `column ${relation.name}.${column} does not exist`)
}
