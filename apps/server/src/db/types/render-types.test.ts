import { describe, expect, it } from "vitest"

import type { Catalog, Column, PgType } from "./read-catalog"
import { renderDatabaseTypes } from "./render-types"

const type = (name: string, kind = "b", element: string | null = null): PgType => ({
  name,
  kind,
  element,
  elementKind: element ? kind : null,
})
const column = (name: string, pg: PgType, extra: Partial<Column> = {}): Column => ({
  column: name,
  nullable: false,
  hasDefault: false,
  identity: "",
  generated: false,
  ...pg,
  ...extra,
})

const catalog: Catalog = {
  relations: [
    {
      name: "posts",
      kind: "table",
      columns: [
        column("id", type("int8"), { identity: "a" }),
        column("tags", type("_text", "b", "text")),
        column("mood", type("mood", "e"), { nullable: true }),
        column("body", type("jsonb"), { hasDefault: true }),
      ],
      relationships: [],
    },
    {
      name: "post_titles",
      kind: "view",
      columns: [column("title", type("text"))],
      relationships: [],
    },
  ],
  functions: [
    {
      name: "search",
      args: [{ arg: "query", optional: false, ...type("text") }],
      returns: type("posts", "c"),
      returnsSet: true,
      table: null,
    },
  ],
  enums: [{ name: "mood", values: ["happy", "sad"] }],
  composites: [{ name: "point2", attributes: [{ column: "x", ...type("float8") }] }],
}

describe("renderDatabaseTypes", () => {
  const source = renderDatabaseTypes(catalog).replace(/\s+/g, " ")

  it("types rows, inserts and updates as supabase gen types does", () => {
    expect(source).toContain(
      'Row: { body: Json id: number mood: Database["public"]["Enums"]["mood"] | null tags: string[] }',
    )
    // An identity generated always cannot be written; defaults and nullable columns are optional.
    expect(source).toContain("Insert: { body?: Json id?: never mood?:")
    expect(source).toContain("Update: { body?: Json id?: never")
  })

  it("makes every view column nullable and lists enums, functions and composite types", () => {
    expect(source).toContain("post_titles: { Row: { title: string | null } Relationships: [] }")
    expect(source).toContain('Enums: { mood: "happy" | "sad" }')
    expect(source).toContain(
      'search: { Args: { query: string } Returns: Database["public"]["Tables"]["posts"]["Row"][] }',
    )
    expect(source).toContain("CompositeTypes: { point2: { x: number | null } }")
  })
})
