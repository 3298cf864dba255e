import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

import { describe, expect, it } from "vitest"

import { parseFile, renderFile } from "./formats"
import { findProtectedTokens } from "./placeholders"
import { assembleTranslation, checkTranslation, unitSegments } from "./segments"
import type { Translation } from "./types"

const GOLDEN = fileURLToPath(new URL("../golden", import.meta.url))
// this package's formats; the XML, PO and Apple formats have their own golden tests
const FOLDERS = ["json", "i18next", "arb", "xcstrings", "yaml", "csv"]

const files = FOLDERS.flatMap((folder) => {
  const walk = (path: string): string[] =>
    statSync(path).isDirectory()
      ? readdirSync(path).flatMap((name) => walk(join(path, name)))
      : [path]
  return walk(join(GOLDEN, folder)).map((path) => ({ name: path.slice(GOLDEN.length + 1), path }))
})

const ACCENTS: Record<string, string> = {
  a: "á",
  e: "ë",
  i: "ï",
  o: "ø",
  u: "ü",
  A: "Å",
  E: "É",
  O: "Ö",
  c: "ç",
  n: "ñ",
}

/** A pseudo-translation as a careful engine returns it: words changed, every placeholder kept. */
function pseudo(text: string): string {
  let out = ""
  let at = 0
  const words = (part: string) => part.replace(/[aeiouAEOcn]/g, (ch) => ACCENTS[ch]!)
  for (const token of findProtectedTokens(text)) {
    out += words(text.slice(at, token.start)) + token.text
    at = token.end
  }
  return out + words(text.slice(at))
}

describe("the golden set", () => {
  it("holds at least 500 realistic strings across the formats", () => {
    const strings = files
      .map(({ path, name }) => parseFile(readFileSync(path, "utf8"), { filename: name }).units)
      .flat()
      .reduce((sum, unit) => sum + (unit.plural ? Object.keys(unit.plural).length : 1), 0)
    expect(strings).toBeGreaterThanOrEqual(500)
  })

  it.each(files)("$name reads and writes back byte for byte", ({ path, name }) => {
    const content = readFileSync(path, "utf8")
    const file = parseFile(content, { filename: name })
    expect(file.units.length).toBeGreaterThan(5)
    expect(renderFile(file, new Map(), { targetLanguage: file.sourceLanguage ?? "en" })).toBe(
      content,
    )
  })

  it.each(files)(
    "$name is translated into ru, ja, ar and fr with placeholders, ICU and plurals intact",
    ({ path, name }) => {
      const content = readFileSync(path, "utf8")
      const file = parseFile(content, { filename: name })
      for (const language of ["ru", "ja", "ar", "fr"]) {
        const translations = new Map<string, Translation>()
        for (const unit of file.units) {
          const segments = unitSegments(unit, language)
          const result = assembleTranslation(
            unit,
            language,
            new Map(segments.map((s) => [s.id, pseudo(s.text)])),
          )
          if ("error" in result) throw new Error(`${name} ${language} ${unit.key}: ${result.error}`)
          expect(
            checkTranslation(unit, result.translation, language),
            `${unit.key} in ${language}`,
          ).toEqual([])
          translations.set(unit.key, result.translation)
        }
        const written = renderFile(file, translations, { targetLanguage: language })
        const reread = parseFile(written, { filename: name, format: file.format })
        expect(reread.units.map((unit) => unit.key)).toEqual(file.units.map((unit) => unit.key))
      }
    },
  )
})
