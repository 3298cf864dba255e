import { describe, expect, it } from "vitest"

import type { Catalog, Relation, RestFunction } from "./catalog"
import { refusal } from "../testing/rest-refusal"
import { parseQuery } from "./parse-query"
import { checkDelete, checkRead, checkUpdate, findRelation, pickOverload, planInsert } from "./plan"
import { parsePrefer } from "./request-headers"

const terms: Relation = {
  name: "glossary_terms",
  columns: new Map(["id", "term", "lang"].map((c) => [c, { name: c, type: "text" }])),
  primaryKey: ["id"],
}
const catalog: Catalog = { relations: new Map([["glossary_terms", terms]]), functions: new Map() }
const query = (qs: string) => parseQuery(new URLSearchParams(qs))
const fn = (name: string, args: [string, boolean][]): RestFunction => ({
  name,
  args: args.map(([arg, hasDefault]) => ({ name: arg, type: "text", hasDefault })),
  returnsSet: false,
  returns: "scalar",
  volatile: true,
})

describe("plan", () => {
  it("answers a table missing from the catalog with 404 PGRST205", () => {
    expect(findRelation(catalog, "glossary_terms")).toBe(terms)
    expect(refusal(() => findRelation(catalog, "secrets"))).toMatchObject({
      status: 404,
      code: "PGRST205",
      message: "Could not find the table 'public.secrets' in the schema cache",
    })
  })

  it("names the first unknown column of a read: filters, then selected, then ordered", () => {
    const check = (qs: string) => () => checkRead(terms, query(qs), true)
    expect(refusal(check("select=nope&order=gone&x=eq.1")).message).toBe(
      "column glossary_terms.x does not exist",
    )
    expect(refusal(check("select=nope&order=gone")).message).toBe(
      "column glossary_terms.nope does not exist",
    )
    expect(refusal(check("order=gone")).code).toBe("42703")
    expect(() => checkRead(terms, query("select=nope"), false)).not.toThrow()
  })

  it("checks returned columns of a write only when the rows are returned", () => {
    expect(() => checkDelete(terms, query("select=nope"), "minimal")).not.toThrow()
    expect(refusal(() => checkDelete(terms, query("select=nope"), "array")).status).toBe(400)
    expect(refusal(() => checkUpdate(terms, { nope: 1 }, query(""), "minimal")).message).toBe(
      "column glossary_terms.nope does not exist",
    )
  })

  it("groups inserted rows by their columns only for missing=default", () => {
    const rows = [{ term: "a" }, { term: "b", lang: "fr" }]
    const union = planInsert(terms, query(""), parsePrefer(undefined), "minimal", rows)
    expect(union.groups).toEqual([{ columns: ["term", "lang"], rows }])
    const own = planInsert(terms, query(""), parsePrefer("missing=default"), "minimal", rows)
    expect(own.groups.map((g) => g.columns)).toEqual([["term"], ["term", "lang"]])
  })

  it("upserts on the primary key unless on_conflict names other columns", () => {
    const merge = parsePrefer("resolution=merge-duplicates")
    expect(planInsert(terms, query(""), merge, "minimal", [{ id: "1" }]).conflict).toEqual({
      target: ["id"],
      action: "merge",
    })
    const keyless = { ...terms, primaryKey: [] }
    expect(
      refusal(() => planInsert(keyless, query(""), merge, "minimal", [{ id: "1" }])).details,
    ).toBe("the table has no primary key; name the conflict columns in on_conflict")
    expect(
      refusal(() => planInsert(terms, query("on_conflict=nope"), merge, "minimal", [{ id: "1" }]))
        .message,
    ).toBe("column glossary_terms.nope does not exist")
  })

  it("picks the overload whose arguments the call names, or suggests one with 404 PGRST202", () => {
    const one = fn("greet", [["name", false]])
    const two = fn("greet", [
      ["name", false],
      ["lang", true],
    ])
    expect(pickOverload("greet", [one, two], { name: "a", lang: "fr" })).toBe(two)
    expect(pickOverload("greet", [one, two], { name: "a" })).toBe(one)
    expect(refusal(() => pickOverload("greet", [one], { who: "a" }))).toMatchObject({
      status: 404,
      code: "PGRST202",
      message: "Could not find the function public.greet(who) in the schema cache",
      hint: "Perhaps you meant to call the function public.greet(name)",
    })
  })
})
