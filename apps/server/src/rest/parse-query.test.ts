import { describe, expect, it } from "vitest"

import { refusal } from "../testing/rest-refusal"
import { parseFilter, parseOrder, parseQuery, parseSelect } from "./parse-query"

const parse = (query: string, argNames?: ReadonlySet<string>) =>
  parseQuery(new URLSearchParams(query), argNames)

describe("parseQuery", () => {
  it("selects every column, filters nothing and pages nothing when the query string is empty", () => {
    const query = parse("")
    expect(query.select).toEqual([{ kind: "star" }])
    expect([query.filters, query.order, query.args]).toEqual([[], [], {}])
    expect([query.limit, query.offset, query.columns, query.onConflict]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })

  it("reads select, filters, order, limit and offset as postgrest-js sends them", () => {
    const query = parse("select=id,status&status=eq.done&order=created_at.desc&limit=10&offset=20")
    expect(query.select).toEqual([
      { kind: "column", column: "id", alias: null, cast: null },
      { kind: "column", column: "status", alias: null, cast: null },
    ])
    expect(query.filters).toEqual([{ column: "status", negate: false, op: "eq", value: "done" }])
    expect(query.order).toEqual([{ column: "created_at", direction: "desc", nulls: null }])
    expect(query).toMatchObject({ limit: 10, offset: 20 })
  })

  it("keeps the first of a repeated reserved parameter and ignores apikey", () => {
    const query = parse("limit=5&limit=50&apikey=anon-key")
    expect(query.limit).toBe(5)
    expect(query.filters).toEqual([])
  })

  it("treats the called function's arguments as arguments, other parameters as filters", () => {
    const query = parse("p_text=hello&lang=eq.fr", new Set(["p_text"]))
    expect(query.args).toEqual({ p_text: "hello" })
    expect(query.filters).toEqual([{ column: "lang", negate: false, op: "eq", value: "fr" }])
  })

  it("refuses or/and logic trees with 400 PGRST100", () => {
    const error = refusal(() => parse("or=(a.eq.1,b.eq.2)"))
    expect(error).toMatchObject({ status: 400, code: "PGRST100" })
    expect(error.message).toBe("failed to parse logic tree (or=(a.eq.1,b.eq.2))")
  })

  it("refuses more than 100 filters", () => {
    const many = Array.from({ length: 101 }, (_, i) => `c${i}=eq.${i}`).join("&")
    expect(refusal(() => parse(many)).details).toBe("at most 100 filters are allowed")
  })

  it("reads limit and offset only as non-negative integers", () => {
    expect(refusal(() => parse("limit=-1")).details).toBe("limit must be a non-negative integer")
    expect(refusal(() => parse("offset=1.5")).message).toBe(
      "failed to parse offset parameter (1.5)",
    )
  })

  it("unquotes and de-duplicates the columns and on_conflict lists", () => {
    const query = parse('columns=name,"lang",name&on_conflict=user_id, lang')
    expect(query.columns).toEqual(["name", "lang"])
    expect(query.onConflict).toEqual(["user_id", "lang"])
  })
})

describe("parseFilter", () => {
  it("negates a filter written with not.", () => {
    expect(parseFilter("status", "not.eq.done")).toEqual({
      column: "status",
      negate: true,
      op: "eq",
      value: "done",
    })
  })

  it("keeps everything after the operator's dot as the value", () => {
    expect(parseFilter("title", "eq.a.b.c").value).toBe("a.b.c")
  })

  it("turns like and ilike's * wildcards into SQL's %", () => {
    expect(parseFilter("title", "ilike.*Hello*").value).toBe("%Hello%")
    expect(parseFilter("title", "eq.*").value).toBe("*")
  })

  it("accepts is with null, true, false or unknown in any case, and nothing else", () => {
    expect(parseFilter("done", "is.NULL")).toMatchObject({ op: "is", value: "null" })
    expect(refusal(() => parseFilter("done", "is.maybe")).details).toBe(
      '"is" accepts null, true, false or unknown, got "maybe"',
    )
  })

  it("splits an in list on commas, keeping quoted commas, parentheses and escaped quotes", () => {
    expect(parseFilter("lang", 'in.(fr,"a,b","(x)","say \\"hi\\"")').value).toEqual([
      "fr",
      "a,b",
      "(x)",
      'say "hi"',
    ])
    expect(parseFilter("lang", "in.()").value).toEqual([])
  })

  it("refuses malformed in lists with the reason", () => {
    expect(refusal(() => parseFilter("lang", "in.fr,de")).details).toBe(
      '"in" expects a parenthesised list such as (1,2,3), got "fr,de"',
    )
    expect(refusal(() => parseFilter("lang", 'in.("fr)')).details).toBe(
      "unterminated double quote in the list",
    )
    expect(refusal(() => parseFilter("lang", "in.(a(b))")).details).toBe(
      'list item "a(b)" must be double-quoted to contain ( or )',
    )
    expect(refusal(() => parseFilter("lang", 'in.("fr"x)')).details).toBe(
      'unexpected "x" after a quoted list item',
    )
  })

  it("refuses an in list of more than 1000 items", () => {
    const items = Array.from({ length: 1001 }, (_, i) => i).join(",")
    expect(refusal(() => parseFilter("id", `in.(${items})`)).details).toBe(
      'an "in" list holds at most 1000 items',
    )
  })

  it("tells an operator this server does not support from an unknown one", () => {
    expect(refusal(() => parseFilter("tags", "cs.{a}")).details).toBe(
      'the operator "cs" is not supported by this server',
    )
    expect(refusal(() => parseFilter("id", "eq(any).{1,2}")).details).toBe(
      'the operator "eq(any)" is not supported by this server',
    )
    expect(refusal(() => parseFilter("id", "equals.1")).details).toBe('unknown operator "equals"')
  })

  it("refuses a value without an operator and a column that is not an identifier", () => {
    expect(refusal(() => parseFilter("id", "5")).details).toBe(
      'expected "operator.value" (for example eq.5), got "5"',
    )
    expect(refusal(() => parseFilter("id;drop", "eq.5")).details).toBe(
      '"id;drop" is not a valid column name',
    )
  })
})

describe("parseSelect", () => {
  it("reads columns with an alias and a cast to a catalog type name", () => {
    expect(parseSelect("*,total:amount::int8")).toEqual([
      { kind: "star" },
      { kind: "column", column: "amount", alias: "total", cast: "bigint" },
    ])
  })

  it("refuses embedding with 400 PGRST200 and a hint", () => {
    const error = refusal(() => parseSelect("id,profiles(name)"))
    expect(error).toMatchObject({ status: 400, code: "PGRST200" })
    expect(error.hint).toBe("Select the columns of one table and query related tables separately.")
  })

  it("refuses JSON paths, unknown casts, empty items and unbalanced quotes", () => {
    expect(refusal(() => parseSelect("data->name")).details).toBe(
      'JSON paths are not supported ("data->name")',
    )
    expect(refusal(() => parseSelect("id::money")).details).toBe('unsupported cast "::money"')
    expect(refusal(() => parseSelect("id,,name")).details).toBe("empty column name at position 2")
    expect(refusal(() => parseSelect('"id')).details).toBe("unbalanced parentheses or quotes")
  })
})

describe("parseOrder", () => {
  it("reads direction and nulls placement in either order", () => {
    expect(parseOrder("created_at.nullslast.desc,id")).toEqual([
      { column: "created_at", direction: "desc", nulls: "last" },
      { column: "id", direction: null, nulls: null },
    ])
  })

  it("refuses a repeated or unknown modifier", () => {
    expect(refusal(() => parseOrder("id.asc.desc")).details).toBe(
      'unexpected "desc" in "id.asc.desc": expected asc, desc, nullsfirst or nullslast',
    )
  })
})
