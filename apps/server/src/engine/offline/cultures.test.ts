import { describe, expect, it } from "vitest"

import { resolveCulture } from "./cultures"

describe("resolveCulture", () => {
  it.each([
    ["DE", "", "de-DE"],
    ["de", "", "de-DE"],
    ["PT-BR", "", "pt-BR"],
    ["pt_pt", "", "pt-PT"],
    ["PT", "", "pt-BR"],
    ["EN-GB", "", "en-GB"],
    ["en-uk", "", "en-GB"],
    ["EN", "", "en-US"],
    ["EN-US", "", "en-US"],
    ["zh-Hant-TW", "", "zh-TW"],
    ["ZH-HANT", "", "zh-TW"],
    ["zh-CN", "", "zh-CN"],
    ["JA", "", "ja-JP"],
    ["JP", "", "ja-JP"],
    ["NO", "", "nb-NO"],
    ["de-AT", "", "de-AT"],
    ["es-AR", "", "es-AR"],
    ["fr-CA", "", "fr-CA"],
  ])("resolves the code %j to %s", (code, name, locale) => {
    expect(resolveCulture(code, name)?.locale).toBe(locale)
  })

  it.each([
    ["German", "de-DE"],
    ["Deutsch", "de-DE"],
    ["français", "fr-FR"],
    ["Francais", "fr-FR"],
    ["Brazilian Portuguese", "pt-BR"],
    ["Portuguese (Portugal)", "pt-PT"],
    ["English (UK)", "en-GB"],
    ["British English", "en-GB"],
    ["Chinese (Simplified)", "zh-CN"],
    ["Traditional Chinese", "zh-TW"],
    ["日本語", "ja-JP"],
    ["한국어", "ko-KR"],
    ["русский", "ru-RU"],
    ["Türkçe", "tr-TR"],
  ])("falls back to the language name %j when the code is unknown", (name, locale) => {
    expect(resolveCulture("??", name)?.locale).toBe(locale)
  })

  it("prefers the code over the name", () => {
    expect(resolveCulture("FR", "German")?.locale).toBe("fr-FR")
  })

  it("knows nothing about a language with no table entry", () => {
    expect(resolveCulture("TLH", "Klingon")).toBeNull()
    expect(resolveCulture("", "")).toBeNull()
  })

  it("gives French its spacing rules and Japanese its corner brackets", () => {
    expect(resolveCulture("FR", "")).toMatchObject({
      frenchSpacing: true,
      quotes: ["«\u00A0", "\u00A0»"],
    })
    expect(resolveCulture("JA", "")).toMatchObject({ frenchSpacing: false, quotes: ["「", "」"] })
  })
})
