import { describe, expect, it } from "vitest"

import {
  canonicalLanguageTag,
  closestLanguages,
  languageByCode,
  languageByName,
  resolveLanguage,
  suggestLanguages,
} from "./language-resolution"

describe("resolving a language", () => {
  it("takes a name alone, in any case, as the SDK READMEs and the Action's quick start send it", () => {
    expect(languageByName("Japanese")).toEqual({ code: "ja", name: "Japanese" })
    expect(languageByName("german")).toEqual({ code: "de", name: "German" })
    expect(languageByName("  FRENCH ")).toEqual({ code: "fr", name: "French" })
    expect(languageByName("Norwegian Bokmal")).toEqual({ code: "nb", name: "Norwegian Bokmål" })
  })

  it("knows the common regional and script names", () => {
    expect(languageByName("Chinese (Simplified)")).toEqual({
      code: "zh-Hans",
      name: "Chinese (Simplified)",
    })
    expect(languageByName("Simplified Chinese")?.code).toBe("zh-Hans")
    expect(languageByName("Traditional Chinese")?.code).toBe("zh-Hant")
    expect(languageByName("Brazilian Portuguese")).toEqual({
      code: "pt-BR",
      name: "Portuguese (Brazil)",
    })
    expect(languageByName("British English")?.code).toBe("en-GB")
    expect(languageByName("UK English")?.code).toBe("en-GB")
    expect(languageByName("German (Switzerland)")).toEqual({
      code: "de-CH",
      name: "German (Switzerland)",
    })
    expect(languageByName("Spanish (Latin America)")?.code).toBe("es-419")
    expect(languageByName("Farsi")?.code).toBe("fa")
  })

  it("takes a code alone, in DeepL's or any case, and canonicalises it", () => {
    expect(languageByCode("ja")).toEqual({ code: "ja", name: "Japanese" })
    expect(languageByCode("EN-GB")).toEqual({ code: "en-GB", name: "English (United Kingdom)" })
    expect(languageByCode("pt_br")).toEqual({ code: "pt-BR", name: "Portuguese (Brazil)" })
    expect(languageByCode("ZH-HANS")).toEqual({ code: "zh-Hans", name: "Chinese (Simplified)" })
    expect(languageByCode("iw")).toEqual({ code: "he", name: "Hebrew" })
    expect(languageByCode("FR")).toEqual({ code: "fr", name: "French" })
  })

  it("refuses codes that are ill-formed or name nothing CLDR knows", () => {
    for (const code of ["1!", "TLHXXX", "", "f", "en--GB", "en GB", "<script>"])
      expect(canonicalLanguageTag(code) === null || languageByCode(code) === null, code).toBe(true)
    expect(languageByCode("xx")).toBeNull()
    expect(languageByCode("en-XX")).toBeNull()
    expect(languageByCode("jp")).toBeNull()
  })

  it("resolves both fields with the code deciding, and one name for one language", () => {
    const both = resolveLanguage({ name: "French", code: "FR-CA" })
    expect(both).toEqual({ ok: true, language: { code: "fr-CA", name: "French (Canada)" } })
    const a = resolveLanguage({ name: "german" })
    const b = resolveLanguage({ name: "German" })
    const c = resolveLanguage({ code: "DE" })
    expect(a).toEqual(b)
    expect(b).toEqual(c)
  })

  it("refuses an unknown language naming the field and suggesting the closest", () => {
    const typo = resolveLanguage({ name: "Japanes" })
    expect(typo).toMatchObject({ ok: false, field: "language" })
    if (typo.ok) throw new Error("unreachable")
    expect(typo.suggestion).toEqual({ code: "ja", name: "Japanese" })
    expect(typo.message).toBe(
      `language "Japanes" is not a language we know; did you mean Japanese (ja)?`,
    )

    const country = resolveLanguage({ code: "JP" })
    expect(country).toMatchObject({ ok: false, field: "language_code", suggestion: { code: "ja" } })

    const deepl = resolveLanguage({ code: "1!", codeField: "target_lang" })
    expect(deepl).toMatchObject({ ok: false, field: "target_lang" })
    if (deepl.ok) throw new Error("unreachable")
    expect(deepl.message).toMatch(/^target_lang "1!" is not a language code/)

    const nothing = resolveLanguage({ name: " ", code: null })
    expect(nothing).toMatchObject({ ok: false, field: "language" })
  })

  it("suggests names as a person types, and the closest names to a guess", () => {
    expect(suggestLanguages("port").map((l) => l.code)).toContain("pt")
    expect(suggestLanguages("port").map((l) => l.code)).toContain("pt-BR")
    expect(suggestLanguages("")).toEqual([])
    expect(closestLanguages("Germn")[0]?.code).toBe("de")
  })
})

describe("resolving the same code again", () => {
  it("answers from its memo exactly as the first time, also after a code was pushed out of it", () => {
    const first = [languageByCode("pt_br"), canonicalLanguageTag("EN_gb"), languageByCode("xx")]
    expect(first).toEqual([{ code: "pt-BR", name: "Portuguese (Brazil)" }, "en-GB", null])
    expect([languageByCode("pt_br"), canonicalLanguageTag("EN_gb"), languageByCode("xx")]).toEqual(
      first,
    )
    // More distinct codes than the memo keeps: the first ones are dropped and worked out anew.
    for (let i = 0; i < 2500; i++) canonicalLanguageTag(`q${i.toString(36)}`)
    expect([languageByCode("pt_br"), canonicalLanguageTag("EN_gb"), languageByCode("xx")]).toEqual(
      first,
    )
  })

  it("hands each caller its own object, so one caller's change never reaches another", () => {
    const one = languageByCode("de")!
    one.name = "changed"
    expect(languageByCode("de")).toEqual({ code: "de", name: "German" })
  })
})
