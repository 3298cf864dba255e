import { describe, expect, it } from "vitest"

import {
  CODE_MALFORMED,
  CODE_TOO_LONG,
  languageCodeProblem,
  languageSuggestions,
} from "../lib/language-code-rules"

describe("language code rules", () => {
  it("accepts well-formed codes in any case, and leaves a blank code to the spec's message", () => {
    for (const code of ["FR", "fr", "PT-BR", "tlh", " de "])
      expect(languageCodeProblem(code, [])).toBeNull()
    expect(languageCodeProblem("  ", [])).toBeNull()
  })

  it("refuses more than 5 characters rather than cutting them", () => {
    expect(languageCodeProblem("TLHXXX", [])).toBe(CODE_TOO_LONG)
  })

  it("refuses a code that is not a language tag", () => {
    for (const code of ["1!", "F", "FR-", "12", "E S"])
      expect(languageCodeProblem(code, [])).toBe(CODE_MALFORMED)
  })

  it("refuses a code the list already holds, whatever its case", () => {
    expect(languageCodeProblem("fr", ["FR", "DE"])).toBe("FR is already in your list")
    expect(languageCodeProblem("FR-CA", ["FR"])).toBeNull()
  })

  it("suggests CLDR languages with upper-case codes that fit 5 characters", () => {
    expect(languageSuggestions("Japan")[0]).toEqual({ name: "Japanese", code: "JA" })
    expect(languageSuggestions("Portuguese (Brazil)")).toContainEqual({
      name: "Portuguese (Brazil)",
      code: "PT-BR",
    })
    for (const { code } of languageSuggestions("Chinese"))
      expect(code.length).toBeLessThanOrEqual(5)
    expect(languageSuggestions("")).toEqual([])
  })
})
