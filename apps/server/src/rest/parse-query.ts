import { parseError, RestError } from "./errors"

/**
 * The PostgREST query-string grammar that postgrest-js emits (select, filters with `not.`, order,
 * limit/offset, columns, on_conflict), parsed without touching the database. Names are checked
 * against the catalog later; here only their shape is checked. Every failure is a RestError that
 * names the parameter and the bad part.
 */

export const simpleOps = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike"] as const
export type SimpleOp = (typeof simpleOps)[number]
export type IsValue = "null" | "true" | "false" | "unknown"

export type Filter =
  | { column: string; negate: boolean; op: SimpleOp; value: string }
  | { column: string; negate: boolean; op: "is"; value: IsValue }
  | { column: string; negate: boolean; op: "in"; value: string[] }

export const castTypes = {
  text: "text",
  varchar: "varchar",
  int: "integer",
  int4: "integer",
  integer: "integer",
  int8: "bigint",
  bigint: "bigint",
  smallint: "smallint",
  numeric: "numeric",
  real: "real",
  float4: "real",
  float8: "double precision",
  boolean: "boolean",
  bool: "boolean",
  date: "date",
  timestamp: "timestamp",
  timestamptz: "timestamptz",
  json: "json",
  jsonb: "jsonb",
  uuid: "uuid",
} as const
export type CastType = (typeof castTypes)[keyof typeof castTypes]

export type SelectItem =
  { kind: "star" } | { kind: "column"; column: string; alias: string | null; cast: CastType | null }

export type OrderTerm = {
  column: string
  direction: "asc" | "desc" | null
  nulls: "first" | "last" | null
}

export type ParsedQuery = {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
  columns: string[] | null
  onConflict: string[] | null
  /** Query parameters named like an argument of the called function (GET /rpc/fn). */
  args: Record<string, string>
}

const RESERVED = new Set(["select", "order", "limit", "offset", "columns", "on_conflict", "apikey"])
const UNSUPPORTED_OPS = new Set(
  "cs cd ov sl sr nxr nxl adj fts plfts phfts wfts match imatch isdistinct".split(" "),
)
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/
const MAX_IN_ITEMS = 1000
const MAX_FILTERS = 100

export function parseQuery(params: URLSearchParams, argNames?: ReadonlySet<string>): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ kind: "star" }],
    filters: [],
    order: [],
    limit: null,
    offset: null,
    columns: null,
    onConflict: null,
    args: {},
  }
  const seen = new Set<string>()
  for (const [key, value] of params) {
    if (RESERVED.has(key)) {
      if (seen.has(key)) continue
      seen.add(key)
      if (key === "select") query.select = parseSelect(value)
      else if (key === "order") query.order = parseOrder(value)
      else if (key === "limit") query.limit = parseCount("limit", value)
      else if (key === "offset") query.offset = parseCount("offset", value)
      else if (key === "columns") query.columns = parseColumnList("columns", value)
      else if (key === "on_conflict") query.onConflict = parseColumnList("on_conflict", value)
      continue
    }
    if (argNames?.has(key)) {
      query.args[key] = value
      continue
    }
    if (key === "or" || key === "and" || key === "not.or" || key === "not.and")
      throw parseError(
        `logic tree (${key}=${value})`,
        "the logical operators or/and are not supported by this server",
      )
    if (query.filters.length >= MAX_FILTERS)
      throw parseError("filters", `at most ${MAX_FILTERS} filters are allowed`)
    query.filters.push(parseFilter(key, value))
  }
  return query
}

export function parseFilter(key: string, raw: string): Filter {
  const what = `filter (${key}=${raw})`
  const column = identifier(key, what, "column")
  let rest = raw
  let negate = false
  if (rest.startsWith("not.")) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf(".")
  if (dot < 0) throw parseError(what, `expected "operator.value" (for example eq.5), got "${raw}"`)
  const op = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  if ((simpleOps as readonly string[]).includes(op)) {
    const v = op === "like" || op === "ilike" ? value.replaceAll("*", "%") : value
    return { column, negate, op: op as SimpleOp, value: v }
  }
  if (op === "is") {
    const v = value.toLowerCase()
    if (v !== "null" && v !== "true" && v !== "false" && v !== "unknown")
      throw parseError(what, `"is" accepts null, true, false or unknown, got "${value}"`)
    return { column, negate, op: "is", value: v }
  }
  if (op === "in") return { column, negate, op: "in", value: parseInList(value, what) }
  const base = op.replace(/\(.*$/, "")
  if (UNSUPPORTED_OPS.has(base) || /\((any|all)\)$/.test(op))
    throw parseError(what, `the operator "${op}" is not supported by this server`)
  throw parseError(what, `unknown operator "${op}"`)
}

/** `(a,b,"c,d")`: double quotes protect commas and parentheses; backslash escapes inside quotes. */
function parseInList(value: string, what: string): string[] {
  if (!value.startsWith("(") || !value.endsWith(")"))
    throw parseError(what, `"in" expects a parenthesised list such as (1,2,3), got "${value}"`)
  const body = value.slice(1, -1)
  if (body === "") return []
  const items: string[] = []
  let i = 0
  while (i <= body.length) {
    let item = ""
    if (body[i] === '"') {
      i++
      for (;;) {
        if (i >= body.length) throw parseError(what, "unterminated double quote in the list")
        const ch = body[i]!
        if (ch === "\\" && i + 1 < body.length) {
          item += body[i + 1]
          i += 2
        } else if (ch === '"') {
          i++
          break
        } else {
          item += ch
          i++
        }
      }
      if (i < body.length && body[i] !== ",")
        throw parseError(what, `unexpected "${body[i]}" after a quoted list item`)
    } else {
      const end = body.indexOf(",", i)
      item = body.slice(i, end < 0 ? body.length : end)
      if (/[()]/.test(item))
        throw parseError(what, `list item "${item}" must be double-quoted to contain ( or )`)
      i = end < 0 ? body.length : end
    }
    items.push(item)
    if (items.length > MAX_IN_ITEMS)
      throw parseError(what, `an "in" list holds at most ${MAX_IN_ITEMS} items`)
    i++ // skip the comma (or step past the end)
  }
  return items
}

export function parseSelect(raw: string): SelectItem[] {
  const what = `select parameter (${raw})`
  const parts = splitTopLevel(raw, what)
  if (parts.length > 200) throw parseError(what, "at most 200 columns can be selected")
  return parts.map((part, index) => {
    const item = part.trim()
    if (item === "") throw parseError(what, `empty column name at position ${index + 1}`)
    if (item === "*") return { kind: "star" } as const
    if (item.includes("(") || item.startsWith("..."))
      throw new RestError(
        400,
        "PGRST200",
        `Could not embed "${item}": embedding related resources is not supported by this server`,
        null,
        "Select the columns of one table and query related tables separately.",
      )
    if (item.includes("->")) throw parseError(what, `JSON paths are not supported ("${item}")`)
    let rest = item
    let cast: CastType | null = null
    const castAt = rest.indexOf("::")
    if (castAt >= 0) {
      const name = rest.slice(castAt + 2).toLowerCase()
      if (!(name in castTypes))
        throw parseError(what, `unsupported cast "::${rest.slice(castAt + 2)}"`)
      cast = castTypes[name as keyof typeof castTypes]
      rest = rest.slice(0, castAt)
    }
    let alias: string | null = null
    const colon = rest.indexOf(":")
    if (colon >= 0) {
      alias = identifier(rest.slice(0, colon), what, "alias")
      rest = rest.slice(colon + 1)
    }
    return { kind: "column", column: identifier(rest, what, "column"), alias, cast }
  })
}

export function parseOrder(raw: string): OrderTerm[] {
  const what = `order parameter (${raw})`
  const terms = raw.split(",")
  if (terms.length > 50) throw parseError(what, "at most 50 order terms are allowed")
  return terms.map((term) => {
    const [name = "", ...modifiers] = term.trim().split(".")
    const order: OrderTerm = {
      column: identifier(name, what, "column"),
      direction: null,
      nulls: null,
    }
    for (const modifier of modifiers) {
      if ((modifier === "asc" || modifier === "desc") && !order.direction)
        order.direction = modifier
      else if ((modifier === "nullsfirst" || modifier === "nullslast") && !order.nulls)
        order.nulls = modifier === "nullsfirst" ? "first" : "last"
      else
        throw parseError(
          what,
          `unexpected "${modifier}" in "${term}": expected asc, desc, nullsfirst or nullslast`,
        )
    }
    return order
  })
}

function parseCount(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw))
    throw parseError(`${name} parameter (${raw})`, `${name} must be a non-negative integer`)
  return Number(raw)
}

function parseColumnList(name: string, raw: string): string[] {
  const what = `${name} parameter (${raw})`
  const list = raw.split(",").map((c) => {
    const trimmed = c.trim()
    const unquoted =
      trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
        ? trimmed.slice(1, -1)
        : trimmed
    return identifier(unquoted, what, "column")
  })
  if (list.length > 200) throw parseError(what, "at most 200 columns are allowed")
  return [...new Set(list)]
}

function identifier(name: string, what: string, kind: string): string {
  if (!IDENTIFIER.test(name))
    throw parseError(
      what,
      name === "" ? `empty ${kind} name` : `"${name}" is not a valid ${kind} name`,
    )
  return name
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(raw: string, what: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]
    if (ch === '"') quoted = !quoted
    else if (quoted) continue
    else if (ch === "(") depth++
    else if (ch === ")") {
      depth--
      if (depth < 0) throw parseError(what, `unbalanced ")" at position ${i + 1}`)
    } else if (ch === "," && depth === 0) {
      parts.push(raw.slice(start, i))
      start = i + 1
    }
  }
  if (depth !== 0 || quoted) throw parseError(what, "unbalanced parentheses or quotes")
  parts.push(raw.slice(start))
  return parts
}
