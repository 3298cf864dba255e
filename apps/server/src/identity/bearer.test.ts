import { Hono } from "hono"
import { describe, expect, it } from "vitest"

import { readAuthorization } from "./bearer"

const app = new Hono().get("/", (c) => c.json(readAuthorization(c)))
const read = async (authorization?: string) =>
  (await app.request("/", authorization === undefined ? {} : { headers: { authorization } })).json()

describe("reading the Authorization header", () => {
  it("takes the token of a bearer header, whatever the scheme's case", async () => {
    expect(await read("Bearer abc.def")).toEqual({ kind: "bearer", token: "abc.def" })
    expect(await read("bearer abc.def")).toEqual({ kind: "bearer", token: "abc.def" })
  })

  it("tells an absent header from one of another form", async () => {
    expect(await read()).toEqual({ kind: "none" })
    expect(await read("Basic dXNlcjpwYXNz")).toEqual({ kind: "malformed" })
    expect(await read("Bearer")).toEqual({ kind: "malformed" })
    expect(await read("Bearer two tokens")).toEqual({ kind: "malformed" })
  })
})
