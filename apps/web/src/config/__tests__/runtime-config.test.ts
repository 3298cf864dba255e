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
})
