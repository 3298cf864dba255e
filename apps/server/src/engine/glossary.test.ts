import { describe, expect, it } from "vitest"

import { applyCase, compileGlossary, glossaryHits } from "./glossary"
import type { GlossaryEntry } from "./types"

function replaceAll(text: string, glossary: GlossaryEntry[], locale?: string) {
  const matcher = compileGlossary(glossary)
  let out = ""
  let at = 0
  for (const m of matcher.matches(text)) {
    out += text.slice(at, m.start) + applyCase(m.text, m.entry, locale)
    at = m.end
  }
  return out + text.slice(at)
}

describe("glossary matcher", () => {
  it("matches whole words only", () => {
    const glossary = [{ source: "cart", target: "Warenkorb" }]
    expect(replaceAll("cart, carts, cartoon, e-cart, cart.", glossary)).toBe(
      "Warenkorb, carts, cartoon, e-Warenkorb, Warenkorb.",
    )
  })

  it("prefers the longest term where terms overlap, whatever the glossary order", () => {
    const glossary = [
      { source: "Pro", target: "Profi" },
      { source: "Pro Plan", target: "Pro-Tarif" },
    ]
    expect(replaceAll("The Pro Plan beats Pro.", glossary)).toBe("The Pro-Tarif beats Profi.")
  })

  it("lets any whitespace, including a line break, separate the words of a term", () => {
    expect(replaceAll("Sign\n  in", [{ source: "Sign in", target: "Anmelden" }])).toBe("Anmelden")
  })

  it("writes the target as the glossary does when the text spells the source as the glossary does", () => {
    expect(replaceAll("cart", [{ source: "cart", target: "Warenkorb" }])).toBe("Warenkorb")
  })

  it.each([
    ["sign in", "anmelden"],
    ["Sign in", "Anmelden"],
    ["Sign In", "Anmelden"],
    ["SIGN IN", "ANMELDEN"],
  ])("carries the case of %j over to the target (%j)", (text, expected) => {
    expect(replaceAll(text, [{ source: "Sign in", target: "Anmelden" }])).toBe(expected)
  })

  it("capitalises only the first letter of a multi-word target", () => {
    expect(replaceAll("My account", [{ source: "my account", target: "mein Konto" }])).toBe(
      "Mein Konto",
    )
  })

  it("keeps deliberate inner capitals unless the match is in capitals", () => {
    const glossary = [{ source: "phone", target: "iPhone" }]
    expect(replaceAll("phone Phone PHONE", glossary)).toBe("iPhone iPhone IPHONE")
    expect(replaceAll("pdf", [{ source: "Pdf", target: "PDF" }])).toBe("PDF")
  })

  it("uses the target language's casing rules", () => {
    expect(replaceAll("INFO", [{ source: "info", target: "bilgi" }], "tr-TR")).toBe("BİLGİ")
  })

  it("does not cascade: a replaced term is not replaced again", () => {
    const glossary = [
      { source: "A", target: "B" },
      { source: "B", target: "C" },
    ]
    expect(replaceAll("A B", glossary)).toBe("B C")
  })

  it("escapes terms holding regular expression characters", () => {
    const glossary = [
      { source: "C++", target: "C plus plus" },
      { source: "a.b", target: "X" },
      { source: "(beta)", target: "(Beta-Version)" },
    ]
    expect(replaceAll("C++ and aXb and a.b (beta)", glossary)).toBe(
      "C plus plus and aXb and X (Beta-Version)",
    )
  })

  it("matches terms in scripts written without spaces, and Latin terms inside them", () => {
    const glossary = [
      { source: "ログイン", target: "サインイン" },
      { source: "Nativ", target: "ネイティブ" },
    ]
    expect(replaceAll("ログインするとNativのアプリ", glossary)).toBe(
      "サインインするとネイティブのアプリ",
    )
  })

  it("matches letters with diacritics and keeps word boundaries between them", () => {
    const glossary = [{ source: "café", target: "Kaffeehaus" }]
    expect(replaceAll("CAFÉ cafés café", glossary)).toBe("KAFFEEHAUS cafés Kaffeehaus")
  })

  it("keeps the first of duplicate sources and drops empty terms", () => {
    const matcher = compileGlossary([
      { source: "Cart", target: "Warenkorb" },
      { source: "cart", target: "Korb" },
      { source: " ", target: "x" },
      { source: "y", target: "" },
    ])
    expect(matcher.entries).toEqual([{ source: "Cart", target: "Warenkorb" }])
  })

  it("matches nothing with an empty glossary", () => {
    expect(compileGlossary([]).matches("anything")).toEqual([])
  })

  it("lists each used entry once", () => {
    const matcher = compileGlossary([
      { source: "cart", target: "Warenkorb" },
      { source: "checkout", target: "Kasse" },
    ])
    expect(glossaryHits(matcher, "cart, Cart, CART")).toEqual([
      { source: "cart", target: "Warenkorb" },
    ])
  })

  it("handles 5,000 entries on a 20,000-character text quickly", () => {
    const glossary = Array.from({ length: 5_000 }, (_, i) => ({
      source: `term${i}`,
      target: `t${i}`,
    }))
    const text = Array.from({ length: 2_000 }, (_, i) => `term${i * 2} x`)
      .join(" ")
      .slice(0, 20_000)
    const started = performance.now()
    const matches = compileGlossary(glossary).matches(text)
    expect(matches.length).toBeGreaterThan(1_000)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
