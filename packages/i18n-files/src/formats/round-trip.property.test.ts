import fc from "fast-check"
import Papa from "papaparse"
import { describe, expect, it } from "vitest"
import { stringify as yamlStringify } from "yaml"

import type { FormatHandler, Translation } from "../types"
import { arbHandler } from "./arb"
import { csvHandler } from "./csv"
import { jsonHandler } from "./json"
import { yamlHandler } from "./yaml"

// Text with what breaks writers: quotes, backslashes, newlines, tabs, braces, unicode, emoji.
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '"',
      "'",
      "\\",
      "\n",
      "\r\n",
      "\t",
      "{",
      "}",
      "#",
      ",",
      ";",
      ":",
      "-",
      " ",
      "é",
      "ß",
      "日本",
      "😀",
      "\u00a0",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
  ),
  maxLength: 24,
})
const key = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })

type Tree = { [key: string]: string | Tree }
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.dictionary(key, fc.oneof({ depthSize: "small" }, text, tie("node")), { maxKeys: 4 }),
})).node

/**
 * Parses, writes with nothing translated (the same bytes), then with a translation for every unit,
 * and reads the written file back: the translations are where the format keeps them (CSV: the
 * target column).
 */
function roundTrip(
  handler: FormatHandler,
  content: string,
  language: string,
  field: "source" | "target" = "source",
) {
  const file = handler.parse(content)
  expect(handler.render(file, new Map(), { targetLanguage: file.sourceLanguage ?? "en" })).toBe(
    content,
  )
  const translations = new Map<string, Translation>(
    file.units.map((unit, i) => [unit.key, { text: `${i}: ${unit.source} ✓` }]),
  )
  const written = handler.render(file, translations, { targetLanguage: language })
  const reread = handler.parse(written)
  expect(reread.units.map((unit) => [unit.key, unit[field]])).toEqual(
    file.units.map((unit) => [unit.key, translations.get(unit.key)!.text]),
  )
  return { file, written }
}

describe("every format reads back what it wrote", () => {
  it("JSON, nested, with any keys and strings", () => {
    fc.assert(
      fc.property(tree, fc.constantFrom(0, 2, 4, "\t"), (value, indent) => {
        roundTrip(jsonHandler, JSON.stringify(value, null, indent), "fr")
      }),
      { numRuns: 150 },
    )
  })

  it("YAML, nested, with any keys and strings", () => {
    const notPlural = (value: Tree): boolean =>
      Object.entries(value).every(
        ([k, v]) =>
          !["zero", "one", "two", "few", "many", "other", "<<"].includes(k) &&
          (typeof v === "string" || notPlural(v)),
      )
    fc.assert(
      fc.property(
        tree.filter((value) => Object.keys(value).length !== 1 && notPlural(value)),
        (value) => {
          roundTrip(yamlHandler, yamlStringify(value), "de")
        },
      ),
      { numRuns: 150 },
    )
  })

  it("CSV, with any keys and strings", () => {
    const rows = fc.uniqueArray(fc.tuple(key, text), {
      selector: ([k]) => k,
      minLength: 1,
      maxLength: 8,
    })
    fc.assert(
      fc.property(
        rows.filter(
          (entries) =>
            ![
              "key",
              "keys",
              "id",
              "identifier",
              "name",
              "string",
              "string id",
              "msgid",
              "resource",
            ].includes(entries[0]![0].trim().toLowerCase()),
        ),
        (entries) => {
          const { written } = roundTrip(
            csvHandler,
            Papa.unparse(entries, { newline: "\n" }) + "\n",
            "fr",
            "target",
          )
          expect(
            Papa.parse<string[]>(written.trimEnd(), { delimiter: "," }).data.map((row) =>
              row.slice(0, 2),
            ),
          ).toEqual(entries)
        },
      ),
      { numRuns: 150 },
    )
  })

  it("ARB, with any message keys and strings", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          key.filter((k) => !k.startsWith("@")),
          text,
          { maxKeys: 6 },
        ),
        (messages) => {
          const content = JSON.stringify({ "@@locale": "en", ...messages }, null, 2)
          const { written } = roundTrip(arbHandler, content, "fr")
          expect((JSON.parse(written) as Record<string, string>)["@@locale"]).toBe("fr")
        },
      ),
      { numRuns: 150 },
    )
  })
})
