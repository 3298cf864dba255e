import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import fc from "fast-check"
import { po as gettextPo } from "gettext-parser"
import { afterAll, describe, expect, it } from "vitest"

import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import { FileFormatError, type TextUnit, type Translation } from "../types"
import { poHandler } from "./po"
import { pluralFormsFor, withFoldedForms } from "./po-plural-forms"
import { tricky } from "./tricky-text.test-data"

const POT = `# Messages of the Acme app.
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: acme 2.1\\n"
"POT-Creation-Date: 2026-11-01 10:00+0000\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=CHARSET\\n"
"Content-Transfer-Encoding: 8bit\\n"

#. Shown on the home screen
#: src/home.tsx:12
msgid "Welcome back, %s!"
msgstr ""

#: src/menu.tsx:4
msgctxt "menu"
msgid "Open"
msgstr ""

#: src/files.tsx:30
#, c-format
msgid "%d file selected"
msgid_plural "%d files selected"
msgstr[0] ""
msgstr[1] ""

msgid "404"
msgstr ""

# Keep the quotes
#, fuzzy
#| msgid "Say \\"hi\\""
msgid "Say \\"hello\\"\\tthen\\nwave \\\\o/"
msgstr "Sag \\"hallo\\""

#, no-c-format
msgid "100% sure"
msgstr ""

#~ msgid "Old feature"
#~ msgstr "Alte Funktion"
`

const tempDir = mkdtempSync(join(tmpdir(), "nativ-po-"))
afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

function msgfmtCheck(po: string, name: string): void {
  const path = join(tempDir, `${name}.po`)
  writeFileSync(path, po)
  execFileSync("msgfmt", ["-c", "-o", "/dev/null", path], { stdio: "pipe" })
}

describe("PO", () => {
  it("reads msgctxt, plurals, comments and escapes as units in the file's order", () => {
    const file = poHandler.parse(POT)
    expect(file.units.map((u) => u.key)).toEqual([
      "Welcome back, %s!",
      "menu\u0004Open",
      "%d file selected",
      "404",
      'Say "hello"\tthen\nwave \\o/',
      "100% sure",
    ])
    expect(file.units[0]).toMatchObject({
      source: "Welcome back, %s!",
      note: "Shown on the home screen",
    })
    expect(file.units[1]).toMatchObject({ source: "Open", context: "menu" })
    expect(file.units[2]).toMatchObject({
      source: "%d files selected",
      plural: { one: "%d file selected", other: "%d files selected" },
    })
    // a fuzzy msgstr is not a translation yet
    expect(file.units[4]!.target).toBeUndefined()
    expect(file.units[4]!.note).toBe("Keep the quotes")
  })

  it("writes Russian plurals as msgstr[0..2] under nplurals=3, and the target's header", () => {
    const file = poHandler.parse(POT)
    const translations = new Map<string, Translation>([
      [
        "%d file selected",
        {
          plural: {
            one: "Выбран %d файл",
            few: "Выбрано %d файла",
            many: "Выбрано %d файлов",
            other: "Выбрано %d файла",
          },
        },
      ],
    ])
    const out = poHandler.render(file, translations, { targetLanguage: "ru" })
    const table = gettextPo.parse(out, { validation: true })
    expect(table.headers.Language).toBe("ru")
    expect(table.headers["Plural-Forms"]).toBe(
      "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    )
    expect(table.headers["Content-Type"]).toMatch(/^text\/plain; charset=utf-8$/i)
    expect(table.translations[""]!["%d file selected"]!.msgstr).toEqual([
      "Выбран %d файл",
      "Выбрано %d файла",
      "Выбрано %d файлов",
    ])
    // the header loses the template's fuzzy flag, so msgfmt keeps Plural-Forms
    expect(table.translations[""]![""]!.comments?.flag).toBeUndefined()
    msgfmtCheck(out, "ru-plurals")
  })

  it("removes fuzzy (and its previous msgid) only from the entries it translates", () => {
    const file = poHandler.parse(POT)
    const key = 'Say "hello"\tthen\nwave \\o/'
    const untranslated = poHandler.render(file, new Map(), { targetLanguage: "de" })
    expect(untranslated).toContain(
      '# Keep the quotes\n#, fuzzy\n#| msgid "Say \\"hi\\""\nmsgid ""\n"Say',
    )
    const out = poHandler.render(
      file,
      new Map([[key, { text: 'Sag "hallo"\tdann\nwinke \\o/' }]]),
      {
        targetLanguage: "de",
      },
    )
    expect(out).toContain(
      '# Keep the quotes\nmsgid ""\n"Say \\"hello\\"\\tthen\\n"\n"wave \\\\o/"\nmsgstr ""\n"Sag',
    )
    expect(out).toContain('#, no-c-format\nmsgid "100% sure"')
    expect(poHandler.parse(out).units.find((u) => u.key === key)?.target).toBe(
      'Sag "hallo"\tdann\nwinke \\o/',
    )
  })

  it("keeps the entries' order, comments, references and obsolete entries", () => {
    const out = poHandler.render(poHandler.parse(POT), new Map(), { targetLanguage: "fr" })
    const ids = [...out.matchAll(/^(?:#~ )?msgid "(.*)"$/gm)].map((m) => m[1])
    expect(ids).toEqual([
      "",
      "Welcome back, %s!",
      "Open",
      "%d file selected",
      "404",
      "", // folded after its \n: "Say \"hello\"\tthen\n" "wave \\o/"
      "100% sure",
      "Old feature",
    ])
    expect(out).toContain("#. Shown on the home screen\n")
    expect(out).toContain("#: src/home.tsx:12\n")
    expect(out).toContain('#~ msgid "Old feature"\n#~ msgstr "Alte Funktion"')
    expect(out).toContain('"Language: fr\\n"')
    expect(out).toContain('"Plural-Forms: nplurals=2; plural=(n > 1);\\n"')
  })

  it("keeps a Windows file's CRLF line endings", () => {
    const crlf = POT.replace(/\n/g, "\r\n")
    const file = poHandler.parse(crlf)
    expect(file.units).toEqual(poHandler.parse(POT).units)
    const out = poHandler.render(file, new Map([["404", { text: "Nicht gefunden" }]]), {
      targetLanguage: "de",
    })
    expect(out).toContain('msgid "404"\r\nmsgstr "Nicht gefunden"\r\n')
    expect(out.replace(/\r\n/g, "")).not.toContain("\n")
  })

  it("round-trips: a render without translations parses to the same units", () => {
    const file = poHandler.parse(POT)
    const again = poHandler.parse(poHandler.render(file, new Map(), { targetLanguage: "de" }))
    expect(again.units).toEqual(file.units)
  })

  it("reads existing translations as targets and keeps them when re-rendering the same language", () => {
    const ru = poHandler.render(
      poHandler.parse(POT),
      new Map<string, Translation>([
        ["Welcome back, %s!", { text: "С возвращением, %s!" }],
        [
          "%d file selected",
          { plural: { one: "%d файл", few: "%d файла", many: "%d файлов", other: "%d файла" } },
        ],
      ]),
      { targetLanguage: "ru" },
    )
    const file = poHandler.parse(ru)
    // msgstr are translations, so the header's Language is not the source language
    expect(file.sourceLanguage).toBeUndefined()
    expect(file.units[0]!.target).toBe("С возвращением, %s!")
    expect(file.units[2]!.target).toEqual({
      one: "%d файл",
      few: "%d файла",
      many: "%d файлов",
      other: "%d файлов",
    })
    expect(poHandler.render(file, new Map(), { targetLanguage: "ru" })).toBe(ru)
    // another language starts from empty msgstr
    const uk = poHandler.parse(poHandler.render(file, new Map(), { targetLanguage: "uk" }))
    expect(uk.units.every((u) => u.target === undefined)).toBe(true)
  })

  it("writes output msgfmt -c accepts for every supported target language", () => {
    const file = poHandler.parse(POT)
    for (const language of [
      "en",
      "fr",
      "de",
      "es",
      "it",
      "pt",
      "pt-BR",
      "ru",
      "uk",
      "pl",
      "cs",
      "ja",
      "zh",
      "ko",
      "ar",
      "he",
      "tr",
    ]) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
      const plural = Object.fromEntries(categories.map((c) => [c, `[${c}] %d Dateien ausgewählt`]))
      const translations = new Map<string, Translation>([
        ["Welcome back, %s!", { text: `[${language}] Willkommen, %s!` }],
        ["menu\u0004Open", { text: "Öffnen" }],
        ["%d file selected", { plural: plural as Translation["plural"] }],
        ['Say "hello"\tthen\nwave \\o/', { text: 'Sag "hallo"\tdann\nwinke \\o/' }],
      ])
      const out = poHandler.render(file, translations, { targetLanguage: language })
      expect(() => msgfmtCheck(out, language), language).not.toThrow()
      const nplurals = pluralFormsFor(language).nplurals
      expect(out).toContain(`msgstr[${nplurals - 1}] "[`)
      expect(out).not.toContain(`msgstr[${nplurals}]`)
    }
  })

  it("names the line and column of a syntax error", () => {
    const at = (content: string) => {
      try {
        poHandler.parse(content)
      } catch (error) {
        expect(error).toBeInstanceOf(FileFormatError)
        const { code, line, column } = error as FileFormatError
        return { code, line, column }
      }
    }
    expect(at('msgid "a"\nmsgstr "b"\n\n  foo "x"\n')).toEqual({
      code: "malformed",
      line: 4,
      column: 3,
    })
    expect(at('msgid "a"\nmsgstr "b"\n\nmsgid "unclosed\nmsgstr ""\n')).toEqual({
      code: "malformed",
      line: 4,
      column: 7,
    })
  })

  it("refuses a file over the string limit", () => {
    expect(() => poHandler.parse(POT, { limits: { maxStrings: 3 } })).toThrow(
      expect.objectContaining({ code: "too_many_strings" }),
    )
  })

  it("property: translations of arbitrary text survive render and parse", () => {
    const text = tricky().filter((t) => t.length > 0)
    const entry = fc.record({
      context: fc.option(fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }), {
        nil: undefined,
      }),
      msgid: text,
      translation: fc.option(tricky(), { nil: undefined }),
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => `${e.context}|${e.msgid}`, maxLength: 8 }),
        (entries) => {
          const translations: Record<
            string,
            Record<string, { msgid: string; msgctxt?: string; msgstr: string[] }>
          > = {
            "": { "": { msgid: "", msgstr: ["Content-Type: text/plain; charset=UTF-8\n"] } },
          }
          for (const e of entries) {
            ;(translations[e.context ?? ""] ??= {})[e.msgid] = {
              msgid: e.msgid,
              ...(e.context ? { msgctxt: e.context } : {}),
              msgstr: [""],
            }
          }
          const pot = gettextPo.compile({ charset: "utf-8", headers: {}, translations }).toString()
          const file = poHandler.parse(pot)
          const map = new Map<string, Translation>()
          for (const e of entries) {
            if (e.translation)
              map.set(e.context ? `${e.context}\u0004${e.msgid}` : e.msgid, { text: e.translation })
          }
          const again = poHandler.parse(poHandler.render(file, map, { targetLanguage: "de" }))
          expect(again.units.map((u) => u.key)).toEqual(file.units.map((u) => u.key))
          for (const unit of again.units) expect(unit.target).toBe(map.get(unit.key)?.text)
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe("Plural-Forms", () => {
  const languages = [
    "en",
    "fr",
    "de",
    "es",
    "it",
    "pt",
    "pt-BR",
    "pt-PT",
    "ru",
    "uk",
    "pl",
    "cs",
    "ja",
    "zh",
    "ko",
    "ar",
    "he",
    "tr",
    "ro",
    "lt",
    "lv",
    "sl",
    "hr",
    "sk",
    "ga",
    "cy",
    "is",
  ]

  it.each(languages)(
    "maps each msgstr index of %s to the CLDR category of its integers",
    (language) => {
      const forms = pluralFormsFor(language)
      // gettext's plural expressions are C, which JavaScript evaluates the same for integers
      const index = new Function("n", `return Number(${forms.plural})`) as (n: number) => number
      const rules = new Intl.PluralRules(language)
      for (let n = 0; n <= 1000; n++) {
        expect(forms.categories[index(n)], `${language} n=${n}`).toBe(rules.select(n))
      }
      expect(forms.categories).toHaveLength(forms.nplurals)
    },
  )
})

describe("PO golden set", () => {
  const folder = join(import.meta.dirname, "../../golden/po")
  const files = readdirSync(folder).map(
    (name) => [name, readFileSync(join(folder, name), "utf8")] as const,
  )

  it("holds realistic catalogues: a template and a part-translated German PO", () => {
    const counts = Object.fromEntries(
      files.map(([name, content]) => [name, poHandler.parse(content).units.length]),
    )
    expect(counts).toEqual({ "de.po": 112, "web.pot": 183 })
  })

  it.each(files)(
    "%s round-trips and renders msgfmt-clean translations for ru, ar, ja and de",
    (name, content) => {
      const file = poHandler.parse(content)
      const same = /^"Language: (\w+)\\n"$/m.exec(content)?.[1] ?? "fr"
      expect(
        poHandler.parse(poHandler.render(file, new Map(), { targetLanguage: same })).units,
      ).toEqual(file.units)
      for (const language of ["ru", "ar", "ja", "de"]) {
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
        const translations = new Map<string, Translation>(
          file.units.map((unit) => [
            unit.key,
            unit.plural
              ? {
                  plural: Object.fromEntries(
                    categories.map((c) => [c, `⟦${c}⟧ ${unit.plural!.other}`]),
                  ) as Translation["plural"],
                }
              : { text: `⟦${unit.source}⟧` },
          ]),
        )
        const out = poHandler.render(file, translations, { targetLanguage: language })
        expect(() => msgfmtCheck(out, `golden-${language}-${name}`)).not.toThrow()
        const again = poHandler.parse(out)
        // PO stores the categories of its Plural-Forms (Russian: one, few, many)
        const stored = pluralFormsFor(language).categories
        for (const unit of again.units) {
          const sent = translations.get(unit.key)!
          if (sent.text !== undefined) expect(unit.target, unit.key).toBe(sent.text)
          else
            for (const c of stored)
              expect((unit.target as Record<string, string>)[c], unit.key).toBe(sent.plural![c])
        }
      }
    },
  )
  it.each(["ru", "ar"])(
    "web.pot goes through segments into %s with no violation, past msgfmt -c",
    (language) => {
      const file = poHandler.parse(files.find(([name]) => name === "web.pot")![1])
      const translations = new Map(file.units.map((u) => [u.key, throughSegments(u, language)]))
      const out = poHandler.render(file, translations, { targetLanguage: language })
      expect(() => msgfmtCheck(out, `segments-${language}`)).not.toThrow()
      const stored = pluralFormsFor(language).categories
      for (const unit of poHandler.parse(out).units) {
        const sent = translations.get(unit.key)!
        if (sent.text !== undefined) expect(unit.target, unit.key).toBe(sent.text)
        else
          for (const c of stored)
            expect((unit.target as Record<string, string>)[c]).toBe(sent.plural![c])
      }
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

describe("a PO translation's forms under CLDR's names", () => {
  const FR = [
    'msgid ""',
    'msgstr ""',
    '"Language: fr\\n"',
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
    "",
    'msgid "%d file"',
    'msgid_plural "%d files"',
    'msgstr[0] "%d fichier"',
    'msgstr[1] "%d fichiers"',
    "",
  ].join("\n")

  it("gives French's many the catch-all form gettext writes it with, so the check passes", () => {
    const [unit] = poHandler.parse(FR).units
    const read = unit!.target as Translation["plural"] & object
    expect(checkTranslation(unit!, { plural: read }, "fr")).toEqual([
      expect.objectContaining({ message: 'plural form "many" is missing' }),
    ])
    const forms = withFoldedForms(read, "fr")
    expect(forms).toEqual({ one: "%d fichier", many: "%d fichiers", other: "%d fichiers" })
    expect(checkTranslation(unit!, { plural: forms }, "fr")).toEqual([])
  })

  it("leaves a form the language's Plural-Forms has an index for missing, and Russian's other is its many", () => {
    expect(withFoldedForms({ one: "%d файл", other: "%d файла" }, "ru")).toEqual({
      one: "%d файл",
      other: "%d файла",
    })
    expect(withFoldedForms({ one: "a", few: "b", many: "c", other: "c" }, "ru")).toEqual({
      one: "a",
      few: "b",
      many: "c",
      other: "c",
    })
    expect(withFoldedForms({ other: "x" }, "ja")).toEqual({ other: "x" })
  })
})
