import { readFileSync } from "node:fs"

import { describe, expect, it } from "vitest"

import { CLIENT_TYPES_FILE, generateClientTypes } from "./generate"

describe("the typed client's types", () => {
  it("match the OpenAPI document (run `npm run gen:client` after changing a route)", async () => {
    const committed = readFileSync(CLIENT_TYPES_FILE, "utf8")
    expect(await generateClientTypes(), "packages/client/src/api-types.ts is stale").toBe(committed)
  })
})
