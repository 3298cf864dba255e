import { describe, expect, it } from "vitest"

import { assembleTranslation, unitSegments } from "../segments"
import { arbHandler } from "./arb"

const FILE = `{
  "@@locale": "en",
  "@@x-template": "lib/l10n/app_en.arb",
  "appTitle": "Acme Notes",
  "@appTitle": {
    "description": "The app's name, shown in the title bar"
  },
  "notesCount": "{count, plural, =0{No notes yet} one{1 note} other{{count} notes}}",
  "@notesCount": {
    "description": "How many notes the user has",
    "placeholders": {
      "count": { "type": "int" }
    }
  },
  "greeting": "Hello {userName}",
  "@greeting": {
    "placeholders": { "userName": { "type": "String", "example": "Ada" } }
  }
}
`

describe("ARB files", () => {
  it("read messages with their description as the note, ICU messages marked", () => {
    const file = arbHandler.parse(FILE)
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      { key: "appTitle", source: "Acme Notes", note: "The app's name, shown in the title bar" },
      {
        key: "notesCount",
        source: "{count, plural, =0{No notes yet} one{1 note} other{{count} notes}}",
        icu: true,
        note: "How many notes the user has",
      },
      { key: "greeting", source: "Hello {userName}" },
    ])
  })

  it("keep <b> and <br/> in an ICU message as written when its words are translated", () => {
    const content = `{
  "@@locale": "en",
  "saved": "{count, plural, =0{Nothing saved} one{<b>#</b> note saved<br/>} other{<b>#</b> notes saved<br/>}}"
}
`
    const file = arbHandler.parse(content)
    const unit = file.units[0]!
    expect(unit.icu).toBe(true)
    const words: Record<string, string> = {
      "Nothing saved": "Rien d'enregistré",
      "<b>{#}</b> note saved<br/>": "<b>{#}</b> note enregistrée<br/>",
      "<b>{#}</b> notes saved<br/>": "<b>{#}</b> notes enregistrées<br/>",
    }
    const segments = unitSegments(unit, "fr")
    // French `many` is a segment of its own (told which form it is), of the same text as `other`
    expect(new Set(segments.map((s) => s.text))).toEqual(new Set(Object.keys(words)))
    const result = assembleTranslation(
      unit,
      "fr",
      new Map(segments.map((s) => [s.id, words[s.text]!])),
    )
    if ("error" in result) throw new Error(result.error)
    const out = arbHandler.render(file, new Map([[unit.key, result.translation]]), {
      targetLanguage: "fr",
    })
    expect(JSON.parse(out).saved).toBe(
      "{count, plural, =0 {Rien d'enregistré} one {<b>#</b> note enregistrée<br/>} many {<b>#</b> notes enregistrées<br/>} other {<b>#</b> notes enregistrées<br/>}}",
    )
  })

  it("write back byte for byte for the source language", () => {
    expect(arbHandler.render(arbHandler.parse(FILE), new Map(), { targetLanguage: "en" })).toBe(
      FILE,
    )
  })

  it("set @@locale to the target and keep metadata and @@x- entries", () => {
    const file = arbHandler.parse(FILE)
    const unit = file.units[1]!
    const words: Record<string, string> = {
      "No notes yet": "Aucune note",
      "1 note": "1 note",
      "{count} notes": "{count} notes",
    }
    const result = assembleTranslation(
      unit,
      "fr",
      new Map(unitSegments(unit, "fr").map((s) => [s.id, words[s.text]!])),
    )
    if (!("translation" in result)) throw new Error(result.error)
    const out = arbHandler.render(
      file,
      new Map([
        ["appTitle", { text: "Acme Notes (FR)" }],
        [unit.key, result.translation],
      ]),
      { targetLanguage: "fr" },
    )
    const parsed = JSON.parse(out) as Record<string, unknown>
    expect(parsed["@@locale"]).toBe("fr")
    expect(parsed["@@x-template"]).toBe("lib/l10n/app_en.arb")
    expect(parsed.notesCount).toBe(
      "{count, plural, =0 {Aucune note} one {1 note} many {{count} notes} other {{count} notes}}",
    )
    expect(parsed["@notesCount"]).toEqual(JSON.parse(FILE)["@notesCount"])
    expect(out.indexOf('"@appTitle"')).toBeGreaterThan(out.indexOf('"appTitle"'))
  })
})
