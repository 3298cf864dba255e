import { sql } from "kysely"

import type { Db } from "../db/schema"

/**
 * PostgREST's schema cache for schema `public`: relations with their columns and primary keys, and
 * callable functions with their argument names and types. Every identifier in a request is checked
 * against it; type names used in casts come from here (the catalog), never from the request.
 */
export type Column = { name: string; type: string }
export type Relation = { name: string; columns: Map<string, Column>; primaryKey: string[] }
export type FunctionArg = { name: string; type: string; hasDefault: boolean }
export type RestFunction = {
  name: string
  args: FunctionArg[]
  returnsSet: boolean
  /** scalar: a base/domain/pseudo type; row: a composite or a table/OUT-parameter record */
  returns: "scalar" | "row" | "void"
  volatile: boolean
}
export type Catalog = {
  relations: Map<string, Relation>
  functions: Map<string, RestFunction[]>
}

export async function loadCatalog(db: Db): Promise<Catalog> {
  const columns = await sql<{
    relation: string
    column: string
    type: string
    primary: boolean
  }>`
    select c.relname as relation, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
      coalesce(a.attnum = any(i.indkey), false) as primary
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
    order by c.relname, a.attnum
  `.execute(db)
  const relations = new Map<string, Relation>()
  for (const row of columns.rows) {
    let relation = relations.get(row.relation)
    if (!relation) {
      relation = { name: row.relation, columns: new Map(), primaryKey: [] }
      relations.set(row.relation, relation)
    }
    relation.columns.set(row.column, { name: row.column, type: row.type })
    if (row.primary) relation.primaryKey.push(row.column)
  }

  const procs = await sql<{
    name: string
    arg_names: string[] | null
    arg_modes: string[] | null
    arg_types: string[]
    n_defaults: number
    returns_set: boolean
    return_type: string
    type_type: string
    volatile: boolean
  }>`
    select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
      array(select format_type(t, null) from unnest(p.proargtypes) with ordinality u(t, o) order by o)
        as arg_types,
      p.pronargdefaults::int as n_defaults, p.proretset as returns_set,
      format_type(p.prorettype, null) as return_type, rt.typtype::text as type_type,
      p.provolatile = 'v' as volatile
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    where n.nspname = 'public' and p.prokind = 'f'
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
    order by p.proname, p.oid
  `.execute(db)
  const functions = new Map<string, RestFunction[]>()
  for (const row of procs.rows) {
    const modes = row.arg_modes ?? row.arg_types.map(() => "i")
    const names = row.arg_names ?? []
    const inputNames = modes.flatMap((mode, i) =>
      mode === "i" || mode === "b" || mode === "v" ? [names[i] ?? ""] : [],
    )
    if (inputNames.some((n) => n === "")) continue // unnamed arguments are not callable by name
    const firstDefault = inputNames.length - row.n_defaults
    const hasOut = modes.some((m) => m === "o" || m === "b" || m === "t")
    const fn: RestFunction = {
      name: row.name,
      args: inputNames.map((name, i) => ({
        name,
        type: row.arg_types[i] ?? "text",
        hasDefault: i >= firstDefault,
      })),
      returnsSet: row.returns_set,
      returns:
        row.return_type === "void"
          ? "void"
          : hasOut || row.type_type === "c" || row.return_type === "record"
            ? "row"
            : "scalar",
      volatile: row.volatile,
    }
    const list = functions.get(row.name) ?? []
    list.push(fn)
    functions.set(row.name, list)
  }
  return { relations, functions }
}

/** Loaded on first use, then kept: migrations run before the server starts serving. */
export function catalogCache(db: Db) {
  let pending: Promise<Catalog> | null = null
  return {
    get(): Promise<Catalog> {
      if (!pending) {
        pending = loadCatalog(db)
        pending.catch(() => {
          pending = null
        })
      }
      return pending
    },
    reset() {
      pending = null
    },
  }
}
