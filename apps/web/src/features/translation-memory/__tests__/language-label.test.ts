import type { Language } from "@nativ/contracts"
import { describe, expect, it } from "vitest"

import { languageLabel } from "../lib/language-label"

const language = (id: string, name: string, code: string): Language => ({
  id,
  language: name,
  language_code: code,
  formality: null,
  custom_style: null,
})

describe("languageLabel", () => {
  it("names a language alone when its name is its own", () => {
    const german = language("1", "German", "DE")
    expect(languageLabel(german, [german, language("2", "French", "FR")])).toBe("German")
  })

  it("adds the code when two languages share a name", () => {
    const fr = language("1", "French", "FR")
    const frCa = language("2", "french", "fr-ca")
    expect(languageLabel(fr, [fr, frCa])).toBe("French (FR)")
    expect(languageLabel(frCa, [fr, frCa])).toBe("french (FR-CA)")
  })
})
