import { sql } from "kysely"

import type { Db } from "../schema"

/**
 * What `supabase gen types` reads from PostgreSQL's catalog for one schema: relations with their
 * columns and foreign keys, functions, enums and composite types.
 */
export type PgType = {
  name: string
  kind: string
  element: string | null
  elementKind: string | null
}

export type Column = PgType & {
  column: string
  nullable: boolean
  hasDefault: boolean
  identity: "" | "a" | "d"
  generated: boolean
}

export type Relation = {
  name: string
  kind: "table" | "view"
  columns: Column[]
  relationships: Relationship[]
}

export type Relationship = {
  foreignKeyName: string
  columns: string[]
  isOneToOne: boolean
  referencedRelation: string
  referencedColumns: string[]
}

export type FunctionArg = PgType & { arg: string; optional: boolean }

export type DbFunction = {
  name: string
  args: FunctionArg[]
  returns: PgType
  returnsSet: boolean
  /** Columns of `returns table (...)`. */
  table: (PgType & { column: string })[] | null
}

export type Catalog = {
  relations: Relation[]
  functions: DbFunction[]
  enums: { name: string; values: string[] }[]
  composites: { name: string; attributes: (PgType & { column: string })[] }[]
}

type TypeRow = {
  type_name: string
  type_kind: string
  elem_name: string | null
  elem_kind: string | null
}

const pgType = (row: TypeRow): PgType => ({
  name: row.type_name,
  kind: row.type_kind,
  element: row.elem_name,
  elementKind: row.elem_kind,
})

export async function readCatalog(db: Db, schema = "public"): Promise<Catalog> {
  const { rows: columns } = await sql<
    TypeRow & {
      relation: string
      relkind: string
      column: string
      nullable: boolean
      has_default: boolean
      identity: "" | "a" | "d"
      generated: boolean
    }
  >`
    select c.relname::text as relation, c.relkind::text as relkind, a.attname::text as column,
      not a.attnotnull as nullable, a.atthasdef as has_default, a.attidentity::text as identity,
      a.attgenerated <> '' as generated,
      t.typname::text as type_name, t.typtype::text as type_kind,
      e.typname::text as elem_name, e.typtype::text as elem_kind
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
    where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'c')
    order by c.relname, a.attnum
  `.execute(db)

  const { rows: keys } = await sql<{
    relation: string
    name: string
    columns: string[]
    referenced_relation: string
    referenced_columns: string[]
    one_to_one: boolean
  }>`
    select c.relname::text as relation, con.conname::text as name,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
      rc.relname::text as referenced_relation,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)
        as referenced_columns,
      exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
        and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as one_to_one
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class rc on rc.oid = con.confrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    -- Only references inside the schema: supabase-js can embed nothing else.
    where con.contype = 'f' and n.nspname = ${schema} and rn.nspname = ${schema}
    order by con.conname
  `.execute(db)

  const { rows: args } = await sql<
    TypeRow & {
      oid: number
      function: string
      arg: string | null
      mode: string | null
      position: number
      optional: boolean
      returns_set: boolean
      ret_name: string
      ret_kind: string
      ret_elem_name: string | null
      ret_elem_kind: string | null
    }
  >`
    select p.oid::int as oid, p.proname::text as function, p.proretset as returns_set,
      rt.typname::text as ret_name, rt.typtype::text as ret_kind,
      re.typname::text as ret_elem_name, re.typtype::text as ret_elem_kind,
      a.name::text as arg, a.mode::text as mode, a.position::int as position,
      t.typname::text as type_name, t.typtype::text as type_kind,
      e.typname::text as elem_name, e.typtype::text as elem_kind,
      -- The last pronargdefaults input arguments have defaults.
      coalesce(a.mode, 'i') in ('i', 'b', 'v') and (
        select count(*) from unnest(coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs])))
          with ordinality m(mode, i) where m.i > a.position and m.mode in ('i', 'b', 'v')
      ) < p.pronargdefaults as optional
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    left join pg_type re on re.oid = rt.typelem and rt.typcategory = 'A'
    left join lateral unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes)
      with ordinality as a(type, name, mode, position) on true
    left join pg_type t on t.oid = a.type
    left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
    where n.nspname = ${schema} and p.prokind = 'f'
      and rt.typname not in ('trigger', 'event_trigger')
    order by p.proname, p.oid, a.position
  `.execute(db)

  const { rows: enums } = await sql<{ name: string; values: string[] }>`
    select t.typname::text as name, array_agg(e.enumlabel::text order by e.enumsortorder) as values
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    join pg_enum e on e.enumtypid = t.oid
    where n.nspname = ${schema}
    group by t.typname
    order by t.typname
  `.execute(db)

  const relations = new Map<string, Relation>()
  const composites = new Map<string, Catalog["composites"][number]>()
  for (const row of columns) {
    if (row.relkind === "c") {
      const composite = composites.get(row.relation) ?? { name: row.relation, attributes: [] }
      composite.attributes.push({ column: row.column, ...pgType(row) })
      composites.set(row.relation, composite)
      continue
    }
    const relation = relations.get(row.relation) ?? {
      name: row.relation,
      kind: row.relkind === "v" || row.relkind === "m" ? "view" : "table",
      columns: [],
      relationships: [],
    }
    relation.columns.push({
      column: row.column,
      nullable: row.nullable,
      hasDefault: row.has_default,
      identity: row.identity,
      generated: row.generated,
      ...pgType(row),
    })
    relations.set(row.relation, relation)
  }
  for (const key of keys) {
    relations.get(key.relation)?.relationships.push({
      foreignKeyName: key.name,
      columns: key.columns,
      isOneToOne: key.one_to_one,
      referencedRelation: key.referenced_relation,
      referencedColumns: key.referenced_columns,
    })
  }

  const functions = new Map<number, DbFunction>()
  for (const row of args) {
    const fn = functions.get(row.oid) ?? {
      name: row.function,
      args: [],
      returns: {
        name: row.ret_name,
        kind: row.ret_kind,
        element: row.ret_elem_name,
        elementKind: row.ret_elem_kind,
      },
      returnsSet: row.returns_set,
      table: null,
    }
    if (row.mode === "t") (fn.table ??= []).push({ column: row.arg ?? "", ...pgType(row) })
    else if (row.arg && row.mode !== "o")
      fn.args.push({ arg: row.arg, optional: row.optional, ...pgType(row) })
    functions.set(row.oid, fn)
  }

  return {
    relations: [...relations.values()],
    functions: [...functions.values()],
    enums: enums.map((e) => ({ name: e.name, values: e.values })),
    composites: [...composites.values()],
  }
}
