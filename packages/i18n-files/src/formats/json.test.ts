import { describe, expect, it } from "vitest"

import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import type { FileFormatError, TextUnit, Translation } from "../types"
import { jsonHandler } from "./json"

const FILE = `{
    "home": {
        "title": "Welcome back, {name}!",
        "tabs": ["Feed", "Saved"],
        "limit": 20,
        "beta": true,
        "logo": null,
        "cart": "{count, plural, one {# item} other {# items}}"
    },
    "footer.note": "Caf\\u00e9 & \\"friends\\""
}
`

const render = (content: string, translations: Record<string, string>) =>
  jsonHandler.render(
    jsonHandler.parse(content),
    new Map(
      Object.entries(translations).map(([key, text]): [string, Translation] => [key, { text }]),
    ),
    { targetLanguage: "fr" },
  )

describe("JSON files", () => {
  it("read every string by its path; arrays, numbers, booleans and null are not strings to translate", () => {
    expect(jsonHandler.parse(FILE).units).toEqual([
      { key: "home.title", source: "Welcome back, {name}!" },
      { key: "home.cart", source: "{count, plural, one {# item} other {# items}}", icu: true },
      { key: "footer\\.note", source: 'Café & "friends"' },
    ])
  })

  it("write back byte for byte when nothing is translated", () => {
    expect(render(FILE, {})).toBe(FILE)
    const compact = '{"a":{"b":"x"},"c":[1,2],"d":"\\u00e9\\/"}'
    expect(render(compact, {})).toBe(compact)
  })

  it("change only the translated strings, keeping indentation, order and escapes elsewhere", () => {
    expect(
      render(FILE, { "home.title": "Bon retour, {name} !", "footer\\.note": "Café « amis »" }),
    ).toBe(
      FILE.replace('"Welcome back, {name}!"', '"Bon retour, {name} !"').replace(
        '"Caf\\u00e9 & \\"friends\\""',
        '"Café « amis »"',
      ),
    )
  })

  it("write ICU messages with <b> and <br/> through segments with the tags as the source wrote them", () => {
    const content = `{
  "files": "{count, plural, one {<b>#</b> file} other {<b>#</b> files}}",
  "lines": "{n, plural, one {# line<br/>Scroll} other {# lines<br/>Scroll}}",
  "empty": "{n, plural, one {<b>#</b>} other {<b>#</b>}}"
}
`
    const file = jsonHandler.parse(content)
    expect(file.units.every((unit) => unit.icu)).toBe(true)
    const pseudo = (unit: TextUnit, language: string) => {
      const segments = unitSegments(unit, language)
      const translated = new Map(
        segments.map((s) => [s.id, s.text.replace(/\b(file|line|Scroll)/g, "«$1»")]),
      )
      const result = assembleTranslation(unit, language, translated)
      if ("error" in result) throw new Error(result.error)
      expect(checkTranslation(unit, result.translation, language)).toEqual([])
      return result.translation
    }
    const identity = new Map(
      file.units.map((u) => {
        const segments = unitSegments(u, "en")
        const result = assembleTranslation(u, "en", new Map(segments.map((s) => [s.id, s.text])))
        return [u.key, "translation" in result ? result.translation : { text: result.error }]
      }),
    )
    expect(jsonHandler.render(file, identity, { targetLanguage: "en" })).toBe(content)
    const ru = jsonHandler.render(file, new Map(file.units.map((u) => [u.key, pseudo(u, "ru")])), {
      targetLanguage: "ru",
    })
    expect(JSON.parse(ru)).toEqual({
      files:
        "{count, plural, one {<b>#</b> «file»} few {<b>#</b> «file»s} many {<b>#</b> «file»s} other {<b>#</b> «file»s}}",
      lines:
        "{n, plural, one {# «line»<br/>«Scroll»} few {# «line»s<br/>«Scroll»} many {# «line»s<br/>«Scroll»} other {# «line»s<br/>«Scroll»}}",
      empty: "{n, plural, one {<b>#</b>} few {<b>#</b>} many {<b>#</b>} other {<b>#</b>}}",
    })
  })

  it("escape quotes, backslashes and newlines in translations", () => {
    const out = render('{"a": "x"}', { a: 'say "hi"\\ \n\ttab' })
    expect(JSON.parse(out)).toEqual({ a: 'say "hi"\\ \n\ttab' })
  })

  it("name the line and column of malformed JSON", () => {
    const attempt = () => jsonHandler.parse('{\n  "a": "x",\n  "b": \n}')
    expect(attempt).toThrow(
      expect.objectContaining({ code: "malformed", line: 4, column: 1 }) as FileFormatError,
    )
    expect(() => jsonHandler.parse('{"a": "x",}')).toThrow(
      expect.objectContaining({ line: 1, column: 11 }) as FileFormatError,
    )
    expect(() => jsonHandler.parse('["a"]')).toThrow(/object at the top/)
    expect(() => jsonHandler.parse('{"a": "x", "a": "y"}')).toThrow(/"a" appears twice/)
  })

  it("read a large file in linear time", () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => [`k${i}`, { title: `Title ${i}` }])
    const content = JSON.stringify(Object.fromEntries(entries), null, 2)
    const started = performance.now()
    expect(jsonHandler.parse(content).units).toHaveLength(10_000)
    // working out every object's line took 6 s here; reading takes a few hundred milliseconds
    expect(performance.now() - started).toBeLessThan(3_000)
  })

  it("refuse files over the depth and string limits", () => {
    const deep = `${'{"a":'.repeat(100_000)}"x"${"}".repeat(100_000)}`
    expect(() => jsonHandler.parse(deep)).toThrow(
      expect.objectContaining({ code: "too_deep" }) as FileFormatError,
    )
    const many = JSON.stringify(
      Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"])),
    )
    expect(() => jsonHandler.parse(many, { limits: { maxStrings: 10 } })).toThrow(
      expect.objectContaining({ code: "too_many_strings" }) as FileFormatError,
    )
  })
})
