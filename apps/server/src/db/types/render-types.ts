import type { Catalog, Column, DbFunction, PgType, Relation } from "./read-catalog"

/**
 * Renders a catalog as the `Database` type supabase-js's generics expect, in the shape
 * `supabase gen types typescript` emits: per schema Tables {Row, Insert, Update, Relationships},
 * Views, Functions {Args, Returns}, Enums and CompositeTypes.
 */
const NUMBER = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"])
const STRING = new Set([
  "text",
  "varchar",
  "bpchar",
  "char",
  "name",
  "uuid",
  "citext",
  "bytea",
  "inet",
  "cidr",
  "macaddr",
  "date",
  "time",
  "timetz",
  "timestamp",
  "timestamptz",
  "interval",
  "tsvector",
])

/** The schema being rendered and its relations (a function may return a table's row type). */
export type Ctx = { schema: string; tables: Set<string>; views: Set<string> }

export function tsType(type: PgType, ctx: Ctx): string {
  const schema = ctx.schema
  if (type.element)
    return `${tsType({ name: type.element, kind: type.elementKind ?? "b", element: null, elementKind: null }, ctx)}[]`
  if (type.kind === "e") return `Database[${q(schema)}]["Enums"][${q(type.name)}]`
  if (type.kind === "c" && ctx.tables.has(type.name))
    return `Database[${q(schema)}]["Tables"][${q(type.name)}]["Row"]`
  if (type.kind === "c" && ctx.views.has(type.name))
    return `Database[${q(schema)}]["Views"][${q(type.name)}]["Row"]`
  if (type.kind === "c") return `Database[${q(schema)}]["CompositeTypes"][${q(type.name)}]`
  if (type.name === "bool") return "boolean"
  if (NUMBER.has(type.name)) return "number"
  if (STRING.has(type.name)) return "string"
  if (type.name === "json" || type.name === "jsonb") return "Json"
  if (type.name === "void") return "undefined"
  if (type.name === "record") return "Record<string, unknown>"
  return "unknown"
}

export function renderDatabaseTypes(catalog: Catalog, schema = "public"): string {
  const byName = <T extends { name: string }>(items: T[]) =>
    [...items].sort((a, b) => a.name.localeCompare(b.name))
  const tables = byName(catalog.relations.filter((r) => r.kind === "table"))
  const views = byName(catalog.relations.filter((r) => r.kind === "view"))
  const functions = byName(catalog.functions)
  const enums = byName(catalog.enums)
  const composites = byName(catalog.composites)
  const ctx: Ctx = {
    schema,
    tables: new Set(tables.map((t) => t.name)),
    views: new Set(views.map((v) => v.name)),
  }
  const body = [
    `Tables: ${record(tables.map((t) => [t.name, renderTable(t, ctx)]))}`,
    `Views: ${record(views.map((v) => [v.name, renderView(v, ctx)]))}`,
    `Functions: ${record(renderFunctions(functions, ctx))}`,
    `Enums: ${record(enums.map((e) => [e.name, e.values.map(q).join(" | ")]))}`,
    `CompositeTypes: ${record(
      composites.map((c) => [
        c.name,
        fields(c.attributes.map((a) => [a.column, `${tsType(a, ctx)} | null`])),
      ]),
    )}`,
  ].join("\n")
  return `${HEADER}
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${q(schema)}: {
${body}
  }
}

type Schema = Database[${q(schema)}]

export type Tables<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Row"]
export type TablesInsert<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Insert"]
export type TablesUpdate<T extends keyof Schema["Tables"]> = Schema["Tables"][T]["Update"]
export type Views<T extends keyof Schema["Views"]> = Schema["Views"][T]["Row"]
export type Functions<T extends keyof Schema["Functions"]> = Schema["Functions"][T]
export type Enums<T extends keyof Schema["Enums"]> = Schema["Enums"][T]
`
}

const HEADER = `// Generated from supabase/migrations by \`npm run gen:types\` (apps/server/src/db/types). Do not edit:
// change a migration and run the script again; a test fails while this file is stale.
`

function renderTable(table: Relation, ctx: Ctx) {
  const columns = [...table.columns].sort((a, b) => a.column.localeCompare(b.column))
  const row = columns.map((c): [string, string] => [c.column, nullable(c, ctx, c.nullable)])
  const insert = columns.map((c): [string, string] =>
    c.identity === "a" || c.generated
      ? [`${c.column}?`, "never"]
      : [optional(c) ? `${c.column}?` : c.column, nullable(c, ctx, c.nullable)],
  )
  const update = columns.map((c): [string, string] =>
    c.identity === "a" || c.generated
      ? [`${c.column}?`, "never"]
      : [`${c.column}?`, nullable(c, ctx, c.nullable)],
  )
  return fields([
    ["Row", fields(row)],
    ["Insert", fields(insert)],
    ["Update", fields(update)],
    ["Relationships", relationships(table)],
  ])
}

function renderView(view: Relation, ctx: Ctx) {
  const columns = [...view.columns].sort((a, b) => a.column.localeCompare(b.column))
  // PostgreSQL cannot tell whether a view's column is null, so every one may be.
  return fields([
    ["Row", fields(columns.map((c) => [c.column, nullable(c, ctx, true)]))],
    ["Relationships", relationships(view)],
  ])
}

function renderFunctions(functions: DbFunction[], ctx: Ctx): [string, string][] {
  const grouped = new Map<string, string[]>()
  for (const fn of functions) {
    const args = [...fn.args].sort((a, b) => a.arg.localeCompare(b.arg))
    const argsType = args.length
      ? fields(args.map((a) => [a.optional ? `${a.arg}?` : a.arg, tsType(a, ctx)]))
      : "never"
    const single = fn.table
      ? fields(
          [...fn.table]
            .sort((a, b) => a.column.localeCompare(b.column))
            .map((c) => [c.column, tsType(c, ctx)]),
        )
      : tsType(fn.returns, ctx)
    const returns = fn.returnsSet ? `${wrap(single)}[]` : single
    grouped.set(fn.name, [
      ...(grouped.get(fn.name) ?? []),
      fields([
        ["Args", argsType],
        ["Returns", returns],
      ]),
    ])
  }
  // Overloads become a union, as the generator of supabase does.
  return [...grouped].map(([name, variants]) => [name, variants.join(" | ")])
}

function relationships(relation: Relation) {
  const items = [...relation.relationships]
    .sort((a, b) => a.foreignKeyName.localeCompare(b.foreignKeyName))
    .map((r) =>
      fields([
        ["foreignKeyName", q(r.foreignKeyName)],
        ["columns", `[${r.columns.map(q).join(", ")}]`],
        ["isOneToOne", String(r.isOneToOne)],
        ["referencedRelation", q(r.referencedRelation)],
        ["referencedColumns", `[${r.referencedColumns.map(q).join(", ")}]`],
      ]),
    )
  return `[${items.join(", ")}]`
}

const optional = (c: Column) => c.nullable || c.hasDefault || c.identity === "d"
const nullable = (c: PgType, ctx: Ctx, isNullable: boolean) =>
  isNullable ? `${tsType(c, ctx)} | null` : tsType(c, ctx)
const wrap = (type: string) =>
  /^[\w[\]".]+$/.test(type) || type.startsWith("{") ? type : `(${type})`
const q = (value: string) => JSON.stringify(value)
const key = (name: string) => {
  const bare = name.endsWith("?") ? name.slice(0, -1) : name
  const mark = name.endsWith("?") ? "?" : ""
  return /^[A-Za-z_$][\w$]*$/.test(bare) ? `${bare}${mark}` : `${q(bare)}${mark}`
}
const fields = (entries: [string, string][]) =>
  entries.length
    ? `{\n${entries.map(([k, v]) => `${key(k)}: ${v}`).join("\n")}\n}`
    : "{ [_ in never]: never }"
const record = (entries: [string, string][]) => fields(entries)
