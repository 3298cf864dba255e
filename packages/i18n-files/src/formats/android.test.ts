import { readFileSync } from "node:fs"
import { join } from "node:path"

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import { FileFormatError, type TextUnit, type Translation } from "../types"
import { androidHandler } from "./android"
import { hostileXml } from "./xml-hostile.test-data"
import { tricky } from "./tricky-text.test-data"

const STRINGS = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <string name="app_name" translatable="false">Acme</string>
    <!-- Greeting on the home screen -->
    <string name="welcome">Welcome back, %1$s!</string>
    <string name="quote">Don\\'t say \\"maybe\\"\\nSay yes \\\\o/</string>
    <string name="at" tools:ignore="MissingTranslation">\\@handle and \\?attr</string>
    <string name="spaces">"  two  spaces  "</string>
    <string name="styled">Tap <b>Save</b> to keep <i>all</i> &amp; <u>more</u></string>
    <string name="hello_user">Hello, <xliff:g id="user" example="Bob">%1$s</xliff:g>!</string>
    <string name="html"><![CDATA[<a href=\\"https://acme.test\\">Terms</a> & conditions]]></string>
    <string-array name="planets">
        <item>Mercury</item>
        <item>Venus</item>
        <item>@string/app_name</item>
    </string-array>
    <string name="ok_alias">@android:string/ok</string>
    <string name="empty"/>
    <string name="upload" product="tablet">Upload from your tablet</string>
    <string name="upload" product="default">Upload</string>
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`

describe("Android strings.xml", () => {
  it("reads strings, arrays and plurals with Android's escapes, skipping translatable=false and references", () => {
    const file = androidHandler.parse(STRINGS)
    const byKey = Object.fromEntries(file.units.map((u) => [u.key, u]))
    expect(file.units.map((u) => u.key)).toEqual([
      "welcome",
      "quote",
      "at",
      "spaces",
      "styled",
      "hello_user",
      "html",
      "planets[0]",
      "planets[1]",
      "empty",
      "upload#tablet",
      "upload#default",
      "files",
    ])
    expect(byKey.welcome).toMatchObject({
      source: "Welcome back, %1$s!",
      note: "Greeting on the home screen",
    })
    expect(byKey.quote!.source).toBe('Don\'t say "maybe"\nSay yes \\o/')
    expect(byKey.at!.source).toBe("@handle and ?attr")
    expect(byKey.spaces!.source).toBe("  two  spaces  ")
    expect(byKey.styled!.source).toBe("Tap <b>Save</b> to keep <i>all</i> & <u>more</u>")
    expect(byKey.hello_user!.source).toBe("Hello, <xliff:g1/>!")
    expect(byKey.html!.source).toBe('<a href="https://acme.test">Terms</a> & conditions')
    expect(byKey.files).toMatchObject({
      source: "%d files",
      plural: { one: "%d file", other: "%d files" },
    })
  })

  it("takes as a string's note only the comment directly above it, not a section heading", () => {
    const file = androidHandler.parse(`<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- Auth -->

    <string name="sign_in">Sign in</string>
    <!-- Auth screens -->
    <!-- Button on the sign-up form -->
    <string name="sign_up">Sign up</string>
    <!-- Settings -->
    <!-- TODO: reword -->

    <string name="settings">Settings</string>
    <string name="about">About</string> <!-- about the app -->
    <string name="help">Help</string>
    <!-- Shown once -->
    <plurals name="files">
        <item quantity="one">%d file</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`)
    expect(Object.fromEntries(file.units.map((u) => [u.key, u.note]))).toEqual({
      sign_in: undefined,
      sign_up: "Button on the sign-up form",
      settings: undefined,
      about: undefined,
      help: undefined,
      files: "Shown once",
    })
  })

  it("renders without translations byte for byte as the original", () => {
    const file = androidHandler.parse(STRINGS)
    expect(androidHandler.render(file, new Map(), { targetLanguage: "fr" })).toBe(STRINGS)
  })

  it("writes translations in place: escapes, markup, CDATA and Russian plurals few/many", () => {
    const file = androidHandler.parse(STRINGS)
    const translations = new Map<string, Translation>([
      ["welcome", { text: "С возвращением, %1$s!" }],
      ["quote", { text: 'Не говори «может быть»\nГовори "да" — it\'s \\o/' }],
      ["at", { text: "@имя и ?атрибут" }],
      ["styled", { text: "Нажмите <b>Сохранить</b>, чтобы оставить <i>всё</i> & <u>ещё</u>" }],
      ["hello_user", { text: "Привет, <xliff:g1/>!" }],
      ["html", { text: '<a href="https://acme.test">Условия</a> & положения' }],
      ["planets[1]", { text: "Венера" }],
      ["empty", { text: "Пусто" }],
      [
        "files",
        { plural: { one: "%d файл", few: "%d файла", many: "%d файлов", other: "%d файла" } },
      ],
    ])
    const out = androidHandler.render(file, translations, { targetLanguage: "ru" })
    expect(out).toContain('<string name="app_name" translatable="false">Acme</string>')
    expect(out).toContain('<string name="empty">Пусто</string>')
    expect(out).toContain("<!-- Greeting on the home screen -->")
    expect(out).toContain(
      '<string name="quote">Не говори «может быть»\\nГовори \\"да\\" — it\\\'s \\\\o/</string>',
    )
    expect(out).toContain(
      '<string name="at" tools:ignore="MissingTranslation">\\@имя и ?атрибут</string>',
    )
    expect(out).toContain(
      '<string name="hello_user">Привет, <xliff:g id="user" example="Bob">%1$s</xliff:g>!</string>',
    )
    expect(out).toContain(
      '<string name="html"><![CDATA[<a href=\\"https://acme.test\\">Условия</a> & положения]]></string>',
    )
    expect(out).toContain(`    <plurals name="files">
        <item quantity="one">%d файл</item>
        <item quantity="few">%d файла</item>
        <item quantity="many">%d файлов</item>
        <item quantity="other">%d файла</item>
    </plurals>`)
    const again = androidHandler.parse(out)
    const byKey = Object.fromEntries(again.units.map((u) => [u.key, u.source]))
    for (const [key, translation] of translations) {
      if (translation.text !== undefined) expect(byKey[key], key).toBe(translation.text)
    }
    expect(again.units.find((u) => u.key === "files")!.plural).toEqual({
      one: "%d файл",
      few: "%d файла",
      many: "%d файлов",
      other: "%d файла",
    })
  })

  it("gives Japanese plurals only `other`", () => {
    const file = androidHandler.parse(STRINGS)
    const out = androidHandler.render(
      file,
      new Map([["files", { plural: { one: "%d 個", other: "%d 個のファイル" } }]]),
      { targetLanguage: "ja" },
    )
    expect(out).toContain(
      '<plurals name="files">\n        <item quantity="other">%d 個のファイル</item>\n    </plurals>',
    )
  })

  it("names the line and column of malformed XML", () => {
    const broken =
      '<?xml version="1.0"?>\n<resources>\n  <string name="a">x</strin>\n</resources>\n'
    expect(() => androidHandler.parse(broken)).toThrow(FileFormatError)
    expect(() => androidHandler.parse(broken)).toThrow(
      expect.objectContaining({ code: "malformed", line: 3 }),
    )
    try {
      androidHandler.parse(broken)
    } catch (error) {
      expect((error as FileFormatError).column).toBeGreaterThan(0)
    }
  })

  it.each(hostileXml("resources", "string"))("refuses hostile XML fast: %s", (_, xml, code) => {
    const started = performance.now()
    expect(() => androidHandler.parse(xml)).toThrow(expect.objectContaining({ code }))
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it("property: any text survives render and parse", () => {
    const text = tricky(["\r", "\u0001", "\\u0041", "\\n", '"  x  "'])
    const values = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), text), {
      selector: ([name]) => name,
      minLength: 1,
      maxLength: 6,
    })
    fc.assert(
      fc.property(values, fc.boolean(), (pairs, cdata) => {
        const body = pairs
          .map(([name]) => `  <string name="${name}">${cdata ? "<![CDATA[x]]>" : "x"}</string>`)
          .join("\n")
        const file = androidHandler.parse(`<resources>\n${body}\n</resources>\n`)
        const translations = new Map(pairs.map(([name, value]) => [name, { text: value }]))
        const again = androidHandler.parse(
          androidHandler.render(file, translations, { targetLanguage: "de" }),
        )
        expect(again.units.map((u) => [u.key, u.source])).toEqual(pairs)
      }),
      { numRuns: 300 },
    )
  })
})

describe("Android golden set", () => {
  const content = readFileSync(
    join(import.meta.dirname, "../../golden/android/strings.xml"),
    "utf8",
  )

  it("reads every string, array item and plural of a realistic app", () => {
    const file = androidHandler.parse(content)
    expect(file.units).toHaveLength(200)
    expect(file.units.filter((u) => u.plural)).toHaveLength(25)
    expect(androidHandler.render(file, new Map(), { targetLanguage: "ru" })).toBe(content)
  })

  it("round-trips pseudo-translations with placeholders, markup and escapes intact (ru, ar)", () => {
    const file = androidHandler.parse(content)
    for (const language of ["ru", "ar"]) {
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
            : { text: `⟦'${unit.source}"⟧` },
        ]),
      )
      const again = androidHandler.parse(
        androidHandler.render(file, translations, { targetLanguage: language }),
      )
      for (const unit of again.units) {
        const sent = translations.get(unit.key)!
        if (sent.text !== undefined) expect(unit.source, unit.key).toBe(sent.text)
        else expect(unit.plural, unit.key).toEqual(sent.plural)
      }
    }
  })
  it.each(["ru", "ar"])(
    "goes through segments into %s with no violation and reads back",
    (language) => {
      const file = androidHandler.parse(content)
      const translations = new Map(file.units.map((u) => [u.key, throughSegments(u, language)]))
      const again = androidHandler.parse(
        androidHandler.render(file, translations, { targetLanguage: language }),
      )
      for (const unit of again.units) {
        const sent = translations.get(unit.key)!
        if (unit.plural) expect(unit.plural, unit.key).toEqual(sent.plural)
        else expect(unit.source, unit.key).toBe(sent.text)
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
