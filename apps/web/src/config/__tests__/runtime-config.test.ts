import { describe, expect, it } from "vitest"

import { testConfig } from "@/testing/factories"

import { parseRuntimeConfig } from "../runtime-config"

describe("reading /config.json", () => {
  it("accepts the server's configuration and drops unknown fields", () => {
    expect(parseRuntimeConfig({ ...testConfig, extra: true })).toEqual(testConfig)
  })

  it("refuses a missing key, an empty anon key and a URL that is not one", () => {
    const { apiUrl: _apiUrl, ...withoutApiUrl } = testConfig
    expect(() => parseRuntimeConfig(withoutApiUrl)).toThrow(/apiUrl/)
    expect(() => parseRuntimeConfig({ ...testConfig, supabaseAnonKey: "" })).toThrow(
      /supabaseAnonKey/,
    )
    expect(() => parseRuntimeConfig({ ...testConfig, apiDocsUrl: "docs" })).toThrow(/apiDocsUrl/)
    expect(() => parseRuntimeConfig(null)).toThrow()
  })

  it("reads the engine and prices, and falls back when an older server leaves them out", () => {
    const engine = { kind: "anthropic", model: "claude-sonnet" }
    expect(
      parseRuntimeConfig({ ...testConfig, engine, creditsPer100Chars: 2, signupCredits: 100 }),
    ).toMatchObject({ engine, creditsPer100Chars: 2, signupCredits: 100 })
    const {
      engine: _engine,
      creditsPer100Chars: _rate,
      signupCredits: _grant,
      ...older
    } = testConfig
    expect(parseRuntimeConfig(older)).toMatchObject({
      engine: null,
      creditsPer100Chars: 1,
      signupCredits: 0,
    })
    expect(parseRuntimeConfig({ ...testConfig, engine: { kind: "deepl" } }).engine).toBeNull()
  })
})
