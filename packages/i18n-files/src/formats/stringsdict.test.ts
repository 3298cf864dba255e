import { readFileSync } from "node:fs"
import { join } from "node:path"

import fc from "fast-check"
import { parse as parsePlist, type PlistValue } from "plist"
import { describe, expect, it } from "vitest"

import { pluralCategories } from "../plurals"
import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import type { TextUnit, Translation } from "../types"
import { stringsdictHandler } from "./stringsdict"
import { hostileXml } from "./xml-hostile.test-data"

const STRINGSDICT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>files_selected</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@files@</string>
		<key>files</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>%d file selected</string>
			<key>other</key>
			<string>%d files selected</string>
		</dict>
	</dict>
	<key>inbox</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>You have %#@messages@ in %#@folders@</string>
		<key>messages</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>%d message</string>
			<key>other</key>
			<string>%d messages &amp; more</string>
		</dict>
		<key>folders</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>one</key>
			<string>%d folder</string>
			<key>other</key>
			<string>%d folders</string>
		</dict>
	</dict>
</dict>
</plist>
`

type PlistObject = { [key: string]: PlistValue }

describe("iOS .stringsdict", () => {
  it("reads plural rules as plural units and a worded format key as text", () => {
    const file = stringsdictHandler.parse(STRINGSDICT)
    expect(file.units).toEqual([
      {
        key: "files_selected:files",
        source: "%d files selected",
        plural: { one: "%d file selected", other: "%d files selected" },
      },
      { key: "inbox", source: "You have %#@messages@ in %#@folders@" },
      {
        key: "inbox:messages",
        source: "%d messages & more",
        plural: { one: "%d message", other: "%d messages & more" },
      },
      {
        key: "inbox:folders",
        source: "%d folders",
        plural: { one: "%d folder", other: "%d folders" },
      },
    ])
  })

  it("renders without translations byte for byte as the original", () => {
    const file = stringsdictHandler.parse(STRINGSDICT)
    expect(stringsdictHandler.render(file, new Map(), { targetLanguage: "ru" })).toBe(STRINGSDICT)
  })

  it("writes exactly the target's categories: Russian one/few/many/other, Japanese other", () => {
    const file = stringsdictHandler.parse(STRINGSDICT)
    const ru = stringsdictHandler.render(
      file,
      new Map([
        [
          "files_selected:files",
          {
            plural: {
              one: "Выбран %d файл",
              few: "Выбрано %d файла",
              many: "Выбрано %d файлов",
              other: "Выбрано %d файла",
            },
          },
        ],
        ["inbox", { text: "У вас %#@messages@ в %#@folders@" }],
        [
          "inbox:messages",
          {
            plural: {
              one: "%d сообщение",
              few: "%d сообщения",
              many: "%d сообщений & др.",
              other: "%d сообщения",
            },
          },
        ],
      ]),
      { targetLanguage: "ru" },
    )
    expect(ru).toContain(`			<string>d</string>
			<key>one</key>
			<string>Выбран %d файл</string>
			<key>few</key>
			<string>Выбрано %d файла</string>
			<key>many</key>
			<string>Выбрано %d файлов</string>
			<key>other</key>
			<string>Выбрано %d файла</string>
		</dict>`)
    const parsed = parsePlist(ru) as Record<string, PlistObject>
    expect(parsed.inbox!.NSStringLocalizedFormatKey).toBe("У вас %#@messages@ в %#@folders@")
    expect((parsed.inbox!.messages as PlistObject).many).toBe("%d сообщений & др.")
    // untranslated rules stay as they were
    expect(parsed.inbox!.folders).toEqual(
      (parsePlist(STRINGSDICT) as Record<string, PlistObject>).inbox!.folders,
    )

    const ja = stringsdictHandler.render(
      file,
      new Map([["files_selected:files", { plural: { other: "%d 件のファイルを選択" } }]]),
      { targetLanguage: "ja" },
    )
    const files = (parsePlist(ja) as Record<string, PlistObject>).files_selected!
      .files as PlistObject
    expect(Object.keys(files)).toEqual([
      "NSStringFormatSpecTypeKey",
      "NSStringFormatValueTypeKey",
      "other",
    ])
    expect(stringsdictHandler.parse(ja).units[0]!.plural).toEqual({
      other: "%d 件のファイルを選択",
    })
  })

  it.each(hostileXml("plist", "dict"))("refuses hostile XML fast: %s", (_, xml, code) => {
    const started = performance.now()
    expect(() => stringsdictHandler.parse(xml)).toThrow(expect.objectContaining({ code }))
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it("names the line of malformed XML", () => {
    const broken = STRINGSDICT.replace("<string>%d folder</string>", "<string>%d folder</strin>")
    expect(() => stringsdictHandler.parse(broken)).toThrow(
      expect.objectContaining({ code: "malformed", line: 43 }),
    )
  })
})

describe(".stringsdict property", () => {
  it("any plural text survives render and parse", () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          "<",
          "&",
          "]]>",
          '"',
          "'",
          "%ld",
          "%@",
          "%#@x@",
          "\n",
          "\r\n",
          "\t",
          // Line ends to XML 1.1 readers (xmldom, under plist): a random run once found U+2028.
          "\u2028",
          "\u0085",
          "é",
          "😀",
          " ",
        ),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
      ),
      maxLength: 20,
    })
    const file = stringsdictHandler.parse(STRINGSDICT)
    fc.assert(
      fc.property(fc.constantFrom("ru", "ar", "ja", "fr"), text, text, (language, a, b) => {
        const categories = pluralCategories(language)
        const plural = Object.fromEntries(
          categories.map((c, i) => [c, i % 2 ? a : b]),
        ) as Translation["plural"]
        const out = stringsdictHandler.render(file, new Map([["inbox:folders", { plural }]]), {
          targetLanguage: language,
        })
        expect(
          stringsdictHandler.parse(out).units.find((u) => u.key === "inbox:folders")!.plural,
        ).toEqual(plural)
      }),
      { numRuns: 200 },
    )
  })
})

describe(".stringsdict golden set", () => {
  const content = readFileSync(
    join(import.meta.dirname, "../../golden/stringsdict/Localizable.stringsdict"),
    "utf8",
  )

  it("reads every plural rule and renders unchanged without translations", () => {
    const file = stringsdictHandler.parse(content)
    expect(file.units.filter((u) => u.plural)).toHaveLength(25)
    expect(file.units.filter((u) => !u.plural).map((u) => u.key)).toEqual(["notifications.count"])
    expect(stringsdictHandler.render(file, new Map(), { targetLanguage: "ar" })).toBe(content)
  })

  it.each(["ar", "ru", "ja", "pl"])(
    "round-trips pseudo-translations with exactly the %s categories",
    (language) => {
      const file = stringsdictHandler.parse(content)
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
      const translations = new Map(
        file.units.map((unit) => [
          unit.key,
          unit.plural
            ? {
                plural: Object.fromEntries(
                  categories.map((c) => [c, `⟦${c}⟧ ${unit.plural!.other} & <ok>`]),
                ) as Translation["plural"],
              }
            : { text: `⟦${unit.source}⟧` },
        ]),
      )
      const out = stringsdictHandler.render(file, translations, { targetLanguage: language })
      const again = stringsdictHandler.parse(out)
      for (const unit of again.units) {
        const sent = translations.get(unit.key)!
        if (sent.text !== undefined) expect(unit.source).toBe(sent.text)
        else expect(unit.plural, unit.key).toEqual(sent.plural)
      }
      expect(parsePlist(out)).toBeTruthy()
    },
  )
  it.each(["ru", "ar"])(
    "goes through segments into %s with no violation and reads back",
    (language) => {
      const file = stringsdictHandler.parse(content)
      const translations = new Map(file.units.map((u) => [u.key, throughSegments(u, language)]))
      const again = stringsdictHandler.parse(
        stringsdictHandler.render(file, translations, { targetLanguage: language }),
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
