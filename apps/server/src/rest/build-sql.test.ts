import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from "kysely"
import { describe, expect, it } from "vitest"

import {
  type BodyShape,
  deleteStatement,
  insertStatement,
  readStatement,
  scalarCallStatement,
  type Source,
  updateStatement,
  voidCallStatement,
} from "./build-sql"
import type { Relation, RestFunction } from "./catalog"
import { parseQuery } from "./parse-query"

// Kysely without a connection: it compiles statements to SQL text and parameters, nothing runs.
const cold = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

/** The statement's SQL with white space folded, and its bound parameters. */
function compile(statement: RawBuilder<unknown>) {
  const { sql, parameters } = statement.compile(cold)
  return { sql: sql.replace(/\s+/g, " ").trim(), parameters }
}

function relation(name: string, columns: string[], primaryKey = ["id"]): Relation {
  return {
    name,
    columns: new Map(columns.map((c) => [c, { name: c, type: "text" }])),
    primaryKey,
  }
}

const glossary = relation("glossary_terms", ["id", "user_id", "term", "lang"])
const operations = relation("operations", ["id", "user_id", "status"])
const query = (qs: string) => parseQuery(new URLSearchParams(qs))
const read = (source: Source, qs: string, count = false, shape: BodyShape = "array") =>
  compile(readStatement(source, query(qs), { count, shape, maxRows: 1000 }))

describe("readStatement", () => {
  it("quotes every identifier and binds every filter value, so a value never becomes SQL", () => {
    const { sql, parameters } = read(
      { kind: "relation", relation: glossary },
      "select=id,term&term=eq.x'; drop table glossary_terms; --",
    )
    expect(sql).toBe(
      `select null::bigint as total, count(*)::int as page_count, coalesce(json_agg("_pgrst_t"), '[]')::text as body from ( select "public"."glossary_terms"."id" as "id", "public"."glossary_terms"."term" as "term" from "public"."glossary_terms" where "public"."glossary_terms"."term" = $1 limit 1000 ) "_pgrst_t"`,
    )
    expect(parameters).toEqual(["x'; drop table glossary_terms; --"])
  })

  it("never reads more than maxRows, whatever limit the client asks for", () => {
    expect(read({ kind: "relation", relation: glossary }, "limit=5000").sql).toMatch(
      / limit 1000 \)/,
    )
    expect(read({ kind: "relation", relation: glossary }, "limit=5&offset=10").sql).toMatch(
      / limit 5 offset 10 \)/,
    )
  })

  // A parameter there made PostgreSQL plan every execution of the prepared statement anew.
  it("writes limit and offset as literals, so a prepared read keeps one generic plan", () => {
    const { parameters } = read({ kind: "relation", relation: glossary }, "limit=5&offset=10")
    expect(parameters).toEqual([])
  })

  it("aliases and casts selected columns, and orders with direction and nulls placement", () => {
    const { sql } = read(
      { kind: "relation", relation: glossary },
      "select=word:term::text&order=lang.desc.nullslast,id",
    )
    expect(sql).toContain(`"public"."glossary_terms"."term"::text as "word"`)
    expect(sql).toContain(
      `order by "public"."glossary_terms"."lang" desc nulls last, "public"."glossary_terms"."id"`,
    )
  })

  it("writes is, in, like and not as PostgREST means them", () => {
    const { sql, parameters } = read(
      { kind: "relation", relation: glossary },
      "lang=not.is.null&id=in.(1,2)&term=ilike.*cat*&user_id=in.()",
    )
    expect(sql).toContain(
      `where not ("public"."glossary_terms"."lang" is null) and "public"."glossary_terms"."id" in ($1, $2) and "public"."glossary_terms"."term"::text ilike $3 and false`,
    )
    expect(parameters.slice(0, 3)).toEqual(["1", "2", "%cat%"])
  })

  it("counts the filtered rows in the same statement when a count is asked for", () => {
    const { sql, parameters } = read({ kind: "relation", relation: glossary }, "lang=eq.fr", true)
    expect(sql).toMatch(
      /^select \(select count\(\*\) from "public"\."glossary_terms" where "public"\."glossary_terms"\."lang" = \$1\) as total,/,
    )
    expect(parameters).toEqual(["fr", "fr"])
  })

  it("reads one user's operation count from the daily usage rollup instead of counting rows", () => {
    const { sql, parameters } = read(
      { kind: "relation", relation: operations },
      "user_id=eq.u1",
      true,
    )
    expect(sql).toContain(
      "(select coalesce(sum(operations), 0)::bigint from public.usage_day_stats where user_id = $1 and dimension = 'total') as total",
    )
    expect(parameters[0]).toBe("u1")
    const other = read({ kind: "relation", relation: operations }, "status=eq.done", true)
    expect(other.sql).not.toContain("usage_day_stats")
  })

  it("answers a counted HEAD from the total alone, without reading rows", () => {
    const { sql, parameters } = read(
      { kind: "relation", relation: glossary },
      "offset=5",
      true,
      "none",
    )
    expect(sql).toContain("least(greatest(total - $1, 0), $2)::int as page_count")
    expect(sql).not.toContain("json_agg")
    expect(parameters).toEqual([5, 1000])
  })

  it("returns one object for .single() and the first element of json_agg", () => {
    const { sql } = read({ kind: "relation", relation: glossary }, "", false, "object")
    expect(sql).toContain(`(json_agg("_pgrst_t") -> 0)::text as body`)
  })
})

const translate: RestFunction = {
  name: "translate",
  args: [
    { name: "p_input", type: "jsonb", hasDefault: false },
    { name: "p_tags", type: "text[]", hasDefault: true },
  ],
  returnsSet: false,
  returns: "scalar",
  volatile: true,
}

describe("function calls", () => {
  it("passes arguments by name, cast to the catalog's types, with JSON and arrays bound whole", () => {
    const { sql, parameters } = compile(
      scalarCallStatement(translate, { p_input: { text: "hi" }, p_tags: ["a", "b"] }),
    )
    expect(sql).toBe(
      `select null::bigint as total, 1 as page_count, to_json("public"."translate"("p_input" => $1::jsonb, "p_tags" => $2::text[]))::text as body`,
    )
    expect(parameters).toEqual(['{"text":"hi"}', ["a", "b"]])
  })

  it("leaves out arguments the call does not name, so their defaults apply", () => {
    const { sql } = compile(voidCallStatement(translate, { p_input: "{}" }))
    expect(sql).toContain(`"public"."translate"("p_input" => $1::jsonb)`)
  })

  it("reads a set-returning function's rows under an alias, with filters on its columns", () => {
    const source: Source = {
      kind: "function",
      fn: { ...translate, returnsSet: true, returns: "row" },
      args: {},
    }
    const { sql } = read(source, "select=term&lang=eq.fr")
    expect(sql).toContain(
      `select "_pgrst_f"."term" as "term" from "public"."translate"() as "_pgrst_f" where "_pgrst_f"."lang" = $1`,
    )
  })
})

describe("writes", () => {
  it("inserts any number of rows through one bound JSON parameter", () => {
    const rows = [
      { term: "cat", lang: "fr" },
      { term: "dog", lang: "de" },
    ]
    const { sql, parameters } = compile(
      insertStatement(glossary, ["term", "lang"], rows, query(""), "minimal", null),
    )
    expect(sql).toBe(
      `insert into "public"."glossary_terms" ("term", "lang") select "term", "lang" from json_populate_recordset(null::"public"."glossary_terms", $1::json)`,
    )
    expect(parameters).toEqual([JSON.stringify(rows)])
  })

  it("inserts default values when no column is given", () => {
    expect(compile(insertStatement(glossary, [], [{}], query(""), "minimal", null)).sql).toBe(
      `insert into "public"."glossary_terms" default values`,
    )
  })

  it("merges duplicates by updating the inserted columns, or ignores them", () => {
    const merge = compile(
      insertStatement(glossary, ["id", "term"], [{ id: 1, term: "x" }], query(""), "minimal", {
        target: ["id"],
        action: "merge",
      }),
    )
    expect(merge.sql).toContain(
      `on conflict ("id") do update set "id" = excluded."id", "term" = excluded."term"`,
    )
    const ignore = compile(
      insertStatement(glossary, ["id"], [{ id: 1 }], query(""), "minimal", {
        target: ["id"],
        action: "ignore",
      }),
    )
    expect(ignore.sql).toContain(`on conflict ("id") do nothing`)
  })

  it("returns the written rows through a CTE only when a representation is asked for", () => {
    const { sql } = compile(
      insertStatement(glossary, ["term"], [{ term: "x" }], query("select=id"), "array", null),
    )
    expect(sql).toMatch(/^with _pgrst_source as \(insert into "public"\."glossary_terms"/)
    expect(sql).toContain(`returning "public"."glossary_terms"."id" as "id")`)
    expect(sql).toContain(`coalesce(json_agg("_pgrst_t"), '[]')::text as body from _pgrst_source`)
  })

  it("updates the patched columns from one bound JSON record, only where the filters match", () => {
    const { sql, parameters } = compile(
      updateStatement(glossary, { term: "chat" }, query("id=eq.7"), "minimal"),
    )
    expect(sql).toBe(
      `update "public"."glossary_terms" set "term" = _pgrst_body."term" from (select * from json_populate_record(null::"public"."glossary_terms", $1::json)) _pgrst_body where "public"."glossary_terms"."id" = $2`,
    )
    expect(parameters).toEqual(['{"term":"chat"}', "7"])
  })

  it("deletes only where the filters match", () => {
    const { sql, parameters } = compile(deleteStatement(glossary, query("lang=eq.fr"), "minimal"))
    expect(sql).toBe(
      `delete from "public"."glossary_terms" where "public"."glossary_terms"."lang" = $1`,
    )
    expect(parameters).toEqual(["fr"])
  })
})
