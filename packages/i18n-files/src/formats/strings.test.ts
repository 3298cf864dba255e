import { readFileSync } from "node:fs"
import { join } from "node:path"

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { decodeFile } from "../decode"
import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import { FileFormatError, type TextUnit, type Translation } from "../types"
import { stringsHandler } from "./strings"
import { tricky } from "./tricky-text.test-data"

const STRINGS = `/* Localizable.strings
   Acme */

/* Title of the home screen */
"home.title" = "Welcome back, %@!";

// MARK: - Editing

// Shown while saving
"saving" = "Saving %1$@ of %2$@\\u2026";
"quote" = "Say \\"hi\\"\\n\\tthen wave \\\\o/";
"unicode" = "Caf\\U00e9";
// MARK: - Misc
unquoted_key = "Value";
"same line" = "A"; "next" = "B";
`

describe("iOS .strings", () => {
  it("reads keys, values, escapes and the comment before each entry", () => {
    const file = stringsHandler.parse(STRINGS)
    expect(file.units).toEqual([
      { key: "home.title", source: "Welcome back, %@!", note: "Title of the home screen" },
      { key: "saving", source: "Saving %1$@ of %2$@\u2026", note: "Shown while saving" },
      { key: "quote", source: 'Say "hi"\n\tthen wave \\o/' },
      { key: "unicode", source: "Café" },
      { key: "unquoted_key", source: "Value" },
      { key: "same line", source: "A" },
      { key: "next", source: "B" },
    ])
  })

  it("renders without translations byte for byte as the original", () => {
    expect(
      stringsHandler.render(stringsHandler.parse(STRINGS), new Map(), { targetLanguage: "fr" }),
    ).toBe(STRINGS)
  })

  it("writes translations into the values only, escaped", () => {
    const file = stringsHandler.parse(STRINGS)
    const out = stringsHandler.render(
      file,
      new Map([
        ["home.title", { text: "Bon retour, %@ !" }],
        ["quote", { text: 'Dis « salut »\n\tpuis "fais" \\o/' }],
        ["next", { text: "B2" }],
      ]),
      { targetLanguage: "fr" },
    )
    expect(out).toBe(
      STRINGS.replace('"Welcome back, %@!"', '"Bon retour, %@ !"')
        .replace(
          '"Say \\"hi\\"\\n\\tthen wave \\\\o/"',
          '"Dis « salut »\\n\\tpuis \\"fais\\" \\\\o/"',
        )
        .replace('"next" = "B"', '"next" = "B2"'),
    )
  })

  it("reads a UTF-16 file (as Xcode writes it) once decodeFile has decoded it", () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(STRINGS, "utf16le")])
    const file = stringsHandler.parse(decodeFile(bytes))
    expect(file.units).toEqual(stringsHandler.parse(STRINGS).units)
  })

  it("names the line and column of a syntax error", () => {
    const broken = '"a" = "x";\n"b" = "y"\n"c" = "z";\n'
    expect(() => stringsHandler.parse(broken)).toThrow(
      expect.objectContaining({ code: "malformed", line: 3, column: 1 }),
    )
    expect(() => stringsHandler.parse('"a" = "never closed;\n')).toThrow(FileFormatError)
    expect(() => stringsHandler.parse('"a" = "x";\n"a" = "y";\n')).toThrow(/appears twice/)
  })

  it("property: any text survives render and parse", () => {
    const text = tricky(["\r", "\u0001", "\\U0041", "/*", "*/", "//", ";", "="])
    const pairs = fc.uniqueArray(fc.tuple(text, text), {
      selector: ([key]) => key,
      minLength: 1,
      maxLength: 6,
    })
    fc.assert(
      fc.property(pairs, fc.boolean(), (entries, comments) => {
        const source = entries
          .map(
            ([key], i) =>
              `${comments ? `/* note ${i} */\n` : ""}"${key.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\n")}" = "x";`,
          )
          .join("\n")
        const file = stringsHandler.parse(source)
        const translations = new Map(entries.map(([key, value]) => [key, { text: value }]))
        const again = stringsHandler.parse(
          stringsHandler.render(file, translations, { targetLanguage: "de" }),
        )
        expect(again.units.map((u) => [u.key, u.source])).toEqual(entries)
      }),
      { numRuns: 300 },
    )
  })
})

describe(".strings golden set", () => {
  const content = readFileSync(
    join(import.meta.dirname, "../../golden/strings/Localizable.strings"),
    "utf8",
  )

  it("reads a realistic app's strings and renders them unchanged without translations", () => {
    const file = stringsHandler.parse(content)
    expect(file.units).toHaveLength(158)
    expect(stringsHandler.render(file, new Map(), { targetLanguage: "ja" })).toBe(content)
  })

  it("round-trips pseudo-translations with %@, %1$@, %ld, quotes and backslashes intact", () => {
    const file = stringsHandler.parse(content)
    const translations = new Map(file.units.map((u) => [u.key, { text: `⟦"${u.source}\\⟧` }]))
    const again = stringsHandler.parse(
      stringsHandler.render(file, translations, { targetLanguage: "ja" }),
    )
    expect(again.units.map((u) => [u.key, u.source])).toEqual(
      [...translations].map(([k, t]) => [k, t.text]),
    )
    expect(again.units.map((u) => u.note)).toEqual(file.units.map((u) => u.note))
  })
  it.each(["ja", "ar"])(
    "goes through segments into %s with no violation and reads back",
    (language) => {
      const file = stringsHandler.parse(content)
      const translations = new Map(file.units.map((u) => [u.key, throughSegments(u, language)]))
      const again = stringsHandler.parse(
        stringsHandler.render(file, translations, { targetLanguage: language }),
      )
      expect(again.units.map((u) => u.source)).toEqual(
        file.units.map((u) => translations.get(u.key)!.text),
      )
    },
  )
})

/** A unit through the segment planner with a pseudo engine, checked as the server checks it. */
function throughSegments(unit: TextUnit, language: string): Translation {
  const sent = new Map(unitSegments(unit, language).map((s) => [s.id, `⟦ ${s.text} ⟧`]))
  const result = assembleTranslation(unit, language, sent)
  if ("error" in result) throw new Error(`${unit.key}: ${result.error}`)
  expect(checkTranslation(unit, result.translation, language), unit.key).toEqual([])
  return result.translation
}
