import { describe, expect, it } from "vitest"

import { PSEUDO_EXPANSION, pseudoLocalize } from "../pseudo"

describe("pseudoLocalize", () => {
  it("accents every letter and wraps the text in brackets", () => {
    const out = pseudoLocalize("Add to cart")
    expect(out.startsWith("[Àđđ ţö çàŕţ")).toBe(true)
    expect(out.endsWith("]")).toBe(true)
    expect(out).not.toMatch(/[a-z]/i)
  })

  it("makes a text about 35 % longer", () => {
    const text = "Free shipping on every order over fifty dollars, this week only"
    const out = pseudoLocalize(text)
    expect([...out].length).toBe(Math.round(text.length * (1 + PSEUDO_EXPANSION)))
    expect([...pseudoLocalize("OK")].length).toBe(5)
  })

  it("keeps placeholders, tags and links exactly", () => {
    const out = pseudoLocalize("Hi {name}, you have %d <b>new</b> items at https://nativ.example/x")
    for (const token of ["{name}", "%d", "<b>", "</b>", "https://nativ.example/x"])
      expect(out).toContain(token)
    expect(out).toContain("Ĥí")
  })

  it("leaves an empty or blank text as it is", () => {
    expect(pseudoLocalize("")).toBe("")
    expect(pseudoLocalize("  ")).toBe("  ")
  })
})
