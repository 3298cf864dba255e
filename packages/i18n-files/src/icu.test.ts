import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { escapeIcuLiteral, icuArguments, isIcuMessage, parseIcu } from "./icu"
import { pluralCategories } from "./plurals"

describe("pluralCategories", () => {
  it("gives each language its CLDR categories", () => {
    expect(pluralCategories("ja")).toEqual(["other"])
    expect(pluralCategories("en")).toEqual(["one", "other"])
    expect(pluralCategories("ru")).toEqual(["one", "few", "many", "other"])
    expect(pluralCategories("ar")).toEqual(["zero", "one", "two", "few", "many", "other"])
    expect(pluralCategories("fr")).toEqual(["one", "many", "other"])
    expect(pluralCategories("pt_BR")).toEqual(pluralCategories("pt-BR"))
    expect(pluralCategories("en", "ordinal")).toEqual(["one", "two", "few", "other"])
  })
})

describe("isIcuMessage", () => {
  it("takes plural, select and formatted arguments as ICU, a lone {name} as plain text", () => {
    expect(isIcuMessage("{n, plural, one {# file} other {# files}}")).toBe(true)
    expect(isIcuMessage("{g, select, female {She} other {They}} replied")).toBe(true)
    expect(isIcuMessage("Total: {t, number, ::currency/EUR}")).toBe(true)
    expect(isIcuMessage("Hello {name}")).toBe(false)
    expect(isIcuMessage("Don't {")).toBe(false)
    expect(isIcuMessage('<a href="/x">{n, plural, one {#} other {#}}</a>')).toBe(true)
  })

  it("leaves a message nested deeper than real ones as plain text", () => {
    const nest = (depth: number): string =>
      depth === 0 ? "x" : `{a${depth}, plural, one {${nest(depth - 1)}} other {${nest(depth - 1)}}}`
    expect(isIcuMessage(nest(4))).toBe(true)
    expect(isIcuMessage(nest(5))).toBe(false)
  })

  it("lists arguments with their types", () => {
    const { ast } = parseIcu(
      "{n, plural, one {{who} has # file} other {{who} has # files}} {d, date}",
    )
    expect(Object.fromEntries(icuArguments(ast))).toEqual({
      n: "plural",
      who: "argument",
      d: "date",
    })
  })
})

describe("escapeIcuLiteral", () => {
  const literal = (message: string, inPlural: boolean, tags: boolean) => {
    const source = inPlural ? `{n, plural, other {${message}}}` : message
    const { ast } = parseIcu(source, tags)
    const elements = inPlural
      ? (ast[0] as unknown as { options: { other: { value: typeof ast } } }).options.other.value
      : ast
    return elements.map((el) => (el.type === 0 ? el.value : `[${el.type}]`)).join("")
  }

  it("keeps apostrophes in words as written", () => {
    expect(escapeIcuLiteral("l'application d'Anne", { inPlural: false, tags: true })).toBe(
      "l'application d'Anne",
    )
  })

  it("quotes braces, # in a branch and tag starts", () => {
    expect(escapeIcuLiteral("a {b} #1", { inPlural: true, tags: true })).toBe("a '{'b'}' '#'1")
    expect(literal(escapeIcuLiteral("x <b>y", { inPlural: false, tags: true }), false, true)).toBe(
      "x <b>y",
    )
  })

  it("leaves self-closing tags as written, which read back as the same text", () => {
    const written = escapeIcuLiteral("a <x1/> <br /> <b>", { inPlural: false, tags: true })
    expect(written).toBe("a <x1/> <br /> '<'b>")
    expect(literal(written, false, true)).toBe("a <x1/> <br /> <b>")
  })

  it("reads back as exactly the text, whatever it holds", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "'", "{", "}", "#", "<", ">", "/", "b", " ", "é", "|"),
    })
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), (value, inPlural, tags) => {
        expect(literal(escapeIcuLiteral(value, { inPlural, tags }), inPlural, tags)).toBe(value)
      }),
      { numRuns: 400 },
    )
  })
})
