import { type RawBuilder, sql } from "kysely"

import type { Relation, RestFunction } from "./catalog"
import type { Filter, OrderTerm, ParsedQuery, SelectItem } from "./parse-query"

/**
 * Stage 3 of /rest/v1: SQL for one planned request, composed from identifiers plan.ts checked
 * against the catalog (quoted with sql.id), type names from the catalog, and bound values only.
 * Every statement returns PostgREST's shape: the body as JSON text built by Postgres (json_agg, so
 * timestamps and numbers look exactly as PostgREST's), the number of rows in the page and, when
 * asked, the total count.
 */

export type ResultRow = { total: number | null; page_count: number; body: string | null }
export type BodyShape = "array" | "object" | "none"

/** What a request reads from or writes to: a table of `public`, or a function call's result. */
export type Source =
  | { kind: "relation"; relation: Relation }
  | { kind: "function"; fn: RestFunction; args: Record<string, unknown> }

const RESULT = "_pgrst_t"
const FN_ALIAS = "_pgrst_f"

function ref(source: Source, column: string): RawBuilder<unknown> {
  return source.kind === "relation"
    ? sql.id("public", source.relation.name, column)
    : sql.id(FN_ALIAS, column)
}

function fromClause(source: Source): RawBuilder<unknown> {
  if (source.kind === "relation") return sql.id("public", source.relation.name)
  return sql`${functionCall(source.fn, source.args)} as ${sql.id(FN_ALIAS)}`
}

export function functionCall(fn: RestFunction, args: Record<string, unknown>): RawBuilder<unknown> {
  const list = fn.args
    .filter((arg) => Object.hasOwn(args, arg.name))
    .map(
      (arg) =>
        sql`${sql.id(arg.name)} => ${argValue(args[arg.name], arg.type)}::${sql.raw(arg.type)}`,
    )
  return sql`${sql.id("public", fn.name)}(${sql.join(list)})`
}

function argValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null
  if (type === "json" || type === "jsonb")
    return typeof value === "string" ? value : JSON.stringify(value)
  if (
    Array.isArray(value) &&
    type.endsWith("[]") &&
    value.every((v) => typeof v !== "object" || v === null)
  )
    return value
  if (typeof value === "object") return JSON.stringify(value)
  return String(value)
}

export function selectList(source: Source, items: SelectItem[]): RawBuilder<unknown> {
  if (source.kind === "function" && source.fn.returns !== "row") return sql.id(FN_ALIAS)
  return sql.join(
    items.map((item) => {
      if (item.kind === "star")
        return source.kind === "relation"
          ? sql`${sql.id("public", source.relation.name)}.*`
          : sql`${sql.id(FN_ALIAS)}.*`
      const column = ref(source, item.column)
      const value = item.cast ? sql`${column}::${sql.raw(item.cast)}` : column
      return sql`${value} as ${sql.id(item.alias ?? item.column)}`
    }),
  )
}

function filterSql(source: Source, filter: Filter): RawBuilder<unknown> {
  const column = ref(source, filter.column)
  let condition: RawBuilder<unknown>
  switch (filter.op) {
    case "eq":
      condition = sql`${column} = ${filter.value}`
      break
    case "neq":
      condition = sql`${column} <> ${filter.value}`
      break
    case "gt":
      condition = sql`${column} > ${filter.value}`
      break
    case "gte":
      condition = sql`${column} >= ${filter.value}`
      break
    case "lt":
      condition = sql`${column} < ${filter.value}`
      break
    case "lte":
      condition = sql`${column} <= ${filter.value}`
      break
    case "like":
      condition = sql`${column}::text like ${filter.value}`
      break
    case "ilike":
      condition = sql`${column}::text ilike ${filter.value}`
      break
    case "is":
      condition = sql`${column} is ${sql.raw(filter.value)}`
      break
    case "in":
      condition =
        filter.value.length === 0
          ? sql`false`
          : sql`${column} in (${sql.join(filter.value.map((v) => sql`${v}`))})`
      break
  }
  return filter.negate ? sql`not (${condition})` : condition
}

export function whereClause(source: Source, filters: Filter[]): RawBuilder<unknown> {
  if (filters.length === 0) return sql``
  return sql` where ${sql.join(
    filters.map((f) => filterSql(source, f)),
    sql` and `,
  )}`
}

function orderClause(source: Source, order: OrderTerm[]): RawBuilder<unknown> {
  if (order.length === 0) return sql``
  return sql` order by ${sql.join(
    order.map((term) => {
      const direction = term.direction ? sql.raw(` ${term.direction}`) : sql``
      const nulls = term.nulls ? sql.raw(` nulls ${term.nulls}`) : sql``
      return sql`${ref(source, term.column)}${direction}${nulls}`
    }),
  )}`
}

function bodyExpression(shape: BodyShape, scalarSet: boolean): RawBuilder<unknown> {
  const item = scalarSet ? sql.id(RESULT, FN_ALIAS) : sql.id(RESULT)
  if (shape === "none") return sql`null::text`
  if (shape === "object") return sql`(json_agg(${item}) -> 0)::text`
  return sql`coalesce(json_agg(${item}), '[]')::text`
}

/** GET/HEAD on a table, or a set-returning function's result, with count and paging. */
export function readStatement(
  source: Source,
  query: ParsedQuery,
  options: { count: boolean; shape: BodyShape; maxRows: number },
): RawBuilder<ResultRow> {
  const where = whereClause(source, query.filters)
  const from = fromClause(source)
  const limit = Math.min(query.limit ?? options.maxRows, options.maxRows)
  // Literals, not parameters: with `limit $n` a prepared statement's generic plan is costed for
  // 10 % of the rows, so PostgreSQL kept planning every execution afresh (~45 µs of a 10-row
  // read). Both are validated integers, and a page size or offset is one more prepared shape.
  const offset = query.offset ? sql` offset ${sql.lit(query.offset)}` : sql``
  const total = options.count
    ? (rollupCount(source, query.filters) ?? sql`(select count(*) from ${from}${where})`)
    : sql`null::bigint`
  // Counted and no body wanted (HEAD with `Prefer: count=…`): the page's size follows from the
  // total, so the rows themselves are never read.
  if (options.count && options.shape === "none")
    return sql<ResultRow>`
      select total, least(greatest(total - ${query.offset ?? 0}, 0), ${limit})::int as page_count,
        null::text as body
      from (select ${total} as total offset 0) ${sql.id(RESULT)}` // offset 0: count once
  const scalarSet = source.kind === "function" && source.fn.returns !== "row"
  return sql<ResultRow>`
    select ${total} as total, count(*)::int as page_count,
      ${bodyExpression(options.shape, scalarSet)} as body
    from (
      select ${selectList(source, query.select)} from ${from}${where}
      ${orderClause(source, query.order)} limit ${sql.lit(limit)}${offset}
    ) ${sql.id(RESULT)}`
}

/**
 * The Operations page's exact count (`operations?user_id=eq.X`, or unfiltered) read from the
 * trigger-maintained usage_day_stats rollup (its `total` rows: one per company and UTC day)
 * instead of counting up to millions of rows. The rollup is exact and carries the same
 * company policy and grants, so the answer is the same; a year of history is 365 rows.
 */
function rollupCount(source: Source, filters: Filter[]): RawBuilder<unknown> | null {
  if (source.kind !== "relation" || source.relation.name !== "operations") return null
  const days = sql`select coalesce(sum(operations), 0)::bigint from public.usage_day_stats`
  if (filters.length === 0) return sql`(${days} where dimension = 'total')`
  const only = filters.length === 1 ? filters[0]! : null
  if (!only || only.column !== "user_id" || only.op !== "eq" || only.negate) return null
  return sql`(${days} where user_id = ${only.value} and dimension = 'total')`
}

/** A function that returns one scalar (or json) value: the value itself is the body. */
export function scalarCallStatement(fn: RestFunction, args: Record<string, unknown>) {
  return sql<ResultRow>`
    select null::bigint as total, 1 as page_count, to_json(${functionCall(fn, args)})::text as body`
}

export function voidCallStatement(fn: RestFunction, args: Record<string, unknown>) {
  return sql<ResultRow>`
    select null::bigint as total, 1 as page_count, null::text as body
    from (select ${functionCall(fn, args)}) ${sql.id(RESULT)}`
}

function returning(source: Source, query: ParsedQuery, shape: BodyShape | "minimal") {
  if (shape === "minimal") return { open: sql``, close: sql`` }
  return {
    open: sql`with _pgrst_source as (`,
    close: sql` returning ${selectList(source, query.select)})
      select null::bigint as total, count(*)::int as page_count, ${bodyExpression(shape, false)} as body
      from _pgrst_source ${sql.id(RESULT)}`,
  }
}

export type Conflict = { target: string[]; action: "merge" | "ignore" } | null

/** INSERT … SELECT from json_populate_recordset: one bound JSON parameter, whatever the row count. */
export function insertStatement(
  relation: Relation,
  columns: string[],
  rows: Record<string, unknown>[],
  query: ParsedQuery,
  shape: BodyShape | "minimal",
  conflict: Conflict,
): RawBuilder<ResultRow> {
  const source: Source = { kind: "relation", relation }
  const table = sql.id("public", relation.name)
  const columnList = sql.join(columns.map((c) => sql.id(c)))
  let onConflict = sql``
  if (conflict) {
    const target = sql.join(conflict.target.map((c) => sql.id(c)))
    const updates = columns.map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`)
    onConflict =
      conflict.action === "ignore" || updates.length === 0
        ? sql` on conflict (${target}) do nothing`
        : sql` on conflict (${target}) do update set ${sql.join(updates)}`
  }
  const { open, close } = returning(source, query, shape)
  const body = JSON.stringify(rows)
  const values =
    columns.length === 0
      ? sql` default values`
      : sql` (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${body}::json)`
  return sql<ResultRow>`${open}insert into ${table}${values}${onConflict}${close}`
}

export function updateStatement(
  relation: Relation,
  patch: Record<string, unknown>,
  query: ParsedQuery,
  shape: BodyShape | "minimal",
): RawBuilder<ResultRow> {
  const source: Source = { kind: "relation", relation }
  const columns = Object.keys(patch)
  const table = sql.id("public", relation.name)
  const sets = columns.map((c) => sql`${sql.id(c)} = _pgrst_body.${sql.id(c)}`)
  const { open, close } = returning(source, query, shape)
  return sql<ResultRow>`${open}update ${table} set ${sql.join(sets)}
    from (select * from json_populate_record(null::${table}, ${JSON.stringify(patch)}::json)) _pgrst_body
    ${whereClause(source, query.filters)}${close}`
}

export function deleteStatement(
  relation: Relation,
  query: ParsedQuery,
  shape: BodyShape | "minimal",
): RawBuilder<ResultRow> {
  const source: Source = { kind: "relation", relation }
  const { open, close } = returning(source, query, shape)
  return sql<ResultRow>`${open}delete from ${sql.id("public", relation.name)}${whereClause(
    source,
    query.filters,
  )}${close}`
}
