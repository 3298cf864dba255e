import { Hono } from "hono"
import { describe, expect, it } from "vitest"

import { type JsonBody, readJsonBody } from "./json-body"

const app = new Hono().post("/", async (c) => c.json(await readJsonBody(c)))
const read = async (body: string): Promise<JsonBody> =>
  (await app.request("/", { method: "POST", body })).json() as Promise<JsonBody>

describe("the JSON body reader", () => {
  it("reads an object, and an empty body as {}", async () => {
    expect(await read('{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    expect(await read("  ")).toEqual({ ok: true, value: {} })
  })

  it("refuses malformed JSON and values that are not objects", async () => {
    expect(await read("{nope")).toEqual({ ok: false, problem: { kind: "invalid_json" } })
    expect(await read("[1]")).toEqual({ ok: false, problem: { kind: "not_an_object", value: [1] } })
  })

  it("refuses text the database cannot store, wherever it is", async () => {
    const result = await read(JSON.stringify({ data: { name: "a\u0000b" } }))
    expect(result).toMatchObject({ ok: false, problem: { kind: "unstorable" } })
    expect(JSON.stringify(result)).toMatch(/data\.name/)
  })
})
