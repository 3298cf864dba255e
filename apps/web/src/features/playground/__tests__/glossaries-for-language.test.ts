import { describe, expect, it } from "vitest"

import { glossariesForLanguage } from "../lib/glossaries-for-language"

const glossary = (name: string, language_code: string | null) => ({ name, language_code })
const all = [
  glossary("Paris", "FR"),
  glossary("Québec", "FR-CA"),
  glossary("Berlin", "DE"),
  glossary("Brand names", null),
  glossary("Blank", ""),
]
const names = (list: { name: string }[]) => list.map((g) => g.name)

describe("glossariesForLanguage", () => {
  it("keeps the glossaries of exactly that code, whatever the case, plus the any-language ones", () => {
    expect(names(glossariesForLanguage(all, "FR"))).toEqual(["Paris", "Brand names", "Blank"])
    expect(names(glossariesForLanguage(all, "fr-ca"))).toEqual(["Québec", "Brand names", "Blank"])
  })

  it("offers only the any-language ones before a language is chosen or for a language with none", () => {
    expect(names(glossariesForLanguage(all, null))).toEqual(["Brand names", "Blank"])
    expect(names(glossariesForLanguage(all, "ES"))).toEqual(["Brand names", "Blank"])
  })
})
