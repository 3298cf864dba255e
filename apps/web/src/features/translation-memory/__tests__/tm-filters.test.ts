import { describe, expect, it } from "vitest"

import {
  parsePage,
  readTmFilters,
  showingText,
  tmListQueryString,
  writeTmFilters,
} from "../lib/tm-filters"

describe("translation memory filters in the address", () => {
  it("reads search, target language, source and enabled only, ignoring what it cannot use", () => {
    expect(readTmFilters(new URLSearchParams("q=cart&target=DE&source=import&enabled=1"))).toEqual({
      search: "cart",
      targetLang: "de",
      source: "import",
      enabledOnly: true,
    })
    expect(readTmFilters(new URLSearchParams("source=robot&enabled=yes"))).toEqual({
      search: "",
      targetLang: "",
      source: null,
      enabledOnly: false,
    })
  })

  it("writes a change, drops empty filters and goes back to the first page", () => {
    const params = new URLSearchParams("q=cart&page=3&tab=keep")
    writeTmFilters(params, { search: "", source: "approved", enabledOnly: true })
    expect(params.toString()).toBe("tab=keep&source=approved&enabled=1")
  })

  it("asks the API for the filters and the rows of a page", () => {
    const query = tmListQueryString(
      { search: "a&b", targetLang: "de", source: "user_glossary", enabledOnly: true },
      { limit: 20, offset: 40 },
    )
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      limit: "20",
      offset: "40",
      search: "a&b",
      target_lang: "de",
      information_source: "user_glossary",
      enabled_only: "true",
    })
  })

  it("reads pages from 1 and words the range shown", () => {
    expect([parsePage("2"), parsePage("0"), parsePage("x"), parsePage(null)]).toEqual([2, 1, 1, 1])
    expect(showingText(2, 45)).toBe("Showing 21-40 of 45 entries")
    expect(showingText(1, 1)).toBe("Showing 1-1 of 1 entry")
  })
})
