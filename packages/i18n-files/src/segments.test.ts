import { describe, expect, it } from "vitest"

import { parseIcu } from "./icu"
import { assembleTranslation, checkTranslation, segmentNote, unitSegments } from "./segments"
import type { TextUnit, Translation } from "./types"

const INBOX: TextUnit = {
  key: "inbox",
  icu: true,
  source:
    "{count, plural, =0 {No messages} one {# message from {name}} other {# messages from {name}}}",
}

/** A stand-in engine: upper-cases the words and keeps every placeholder. */
function shout(unit: TextUnit, language: string): Translation {
  const segments = unitSegments(unit, language)
  const translated = new Map(
    segments.map((segment) => [
      segment.id,
      segment.text.replace(
        /(\{[^}]*\}|<[^>]*>|%\S+)|([^{<%]+)/g,
        (_, token, words) => token ?? words.toUpperCase(),
      ),
    ]),
  )
  const result = assembleTranslation(unit, language, translated)
  if ("error" in result) throw new Error(result.error)
  return result.translation
}

const branches = (message: string) => {
  const [plural] = parseIcu(message).ast as unknown as [{ options: Record<string, unknown> }]
  return Object.keys(plural.options)
}

describe("ICU plural units", () => {
  it("give the engine each distinct branch once, with # and arguments as placeholders", () => {
    expect(unitSegments(INBOX, "ja").map((segment) => segment.text)).toEqual([
      "No messages",
      "{#} messages from {name}",
    ])
  })

  it("ask for each category the source lacks on its own, saying which form of which argument", () => {
    const segments = unitSegments(INBOX, "ru")
    expect(segments.map(({ text, form }) => [text, form])).toEqual([
      ["No messages", undefined],
      ["{#} message from {name}", undefined],
      [
        "{#} messages from {name}",
        "Plural form 'few' of Russian of {count}, used for counts like 2, 3, 4, 22: write the text as it reads for such a count.",
      ],
      [
        "{#} messages from {name}",
        "Plural form 'many' of Russian of {count}, used for counts like 0, 5, 6, 7: write the text as it reads for such a count.",
      ],
      ["{#} messages from {name}", undefined],
    ])
    // the few and many answers differ, as Russian's do; the rest are echoed
    const answer = (form = "") =>
      form.includes("'few'")
        ? "{#} сообщения от {name}"
        : form.includes("'many'")
          ? "{#} сообщений от {name}"
          : undefined
    const result = assembleTranslation(
      INBOX,
      "ru",
      new Map(segments.map((segment) => [segment.id, answer(segment.form) ?? segment.text])),
    )
    expect(result).toEqual({
      translation: {
        text: "{count, plural, =0 {No messages} one {# message from {name}} few {# сообщения от {name}} many {# сообщений от {name}} other {# messages from {name}}}",
      },
    })
  })

  it("say which ordinal form a generated selectordinal branch is", () => {
    const unit: TextUnit = {
      key: "place",
      icu: true,
      source: "You came {n, selectordinal, one {#st} other {#th in line}}",
    }
    expect(unitSegments(unit, "en").map((segment) => segment.form)).toEqual([
      undefined,
      undefined,
      "Ordinal form 'two' of English of {n}, used for positions like 2, 22, 32, 42: write the text as it reads for such a position.",
      "Ordinal form 'few' of English of {n}, used for positions like 3, 23, 33, 43: write the text as it reads for such a position.",
      undefined,
    ])
  })

  it("come back with exactly the target's categories, =0 kept, keywords untouched", () => {
    expect(branches(shout(INBOX, "ja").text!)).toEqual(["=0", "other"])
    expect(branches(shout(INBOX, "ru").text!)).toEqual(["=0", "one", "few", "many", "other"])
    expect(branches(shout(INBOX, "ar").text!)).toEqual([
      "=0",
      "zero",
      "one",
      "two",
      "few",
      "many",
      "other",
    ])
    expect(branches(shout(INBOX, "fr").text!)).toEqual(["=0", "one", "many", "other"])
    expect(shout(INBOX, "ru").text).toBe(
      "{count, plural, =0 {NO MESSAGES} one {# MESSAGE FROM {name}} few {# MESSAGES FROM {name}} many {# MESSAGES FROM {name}} other {# MESSAGES FROM {name}}}",
    )
  })

  it("keep select selectors, ordinals and offsets as written", () => {
    const unit: TextUnit = {
      key: "party",
      icu: true,
      source:
        "{host, select, female {She invites {guests, plural, offset:1 one {you} other {you and # others}}} other {They invite you}} to the {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} party",
    }
    expect(shout(unit, "fr").text).toBe(
      "{host, select, female {SHE INVITES {guests, plural, offset:1 one {YOU} many {YOU AND # OTHERS} other {YOU AND # OTHERS}}} other {THEY INVITE YOU}} TO THE {n, selectordinal, one {#ST} other {#TH}} PARTY",
    )
    expect(checkTranslation(unit, shout(unit, "fr"), "fr")).toEqual([])
  })

  it("escape what the engine wrote so it reads back as text", () => {
    const unit: TextUnit = {
      key: "k",
      icu: true,
      source: "{n, plural, one {# day} other {# days}}",
    }
    const [one, other] = unitSegments(unit, "en")
    const result = assembleTranslation(
      unit,
      "en",
      new Map([
        [one!.id, "{#} jour d'été :}"],
        [other!.id, "{#} jours #1"],
      ]),
    )
    expect(result).toEqual({
      translation: { text: "{n, plural, one {# jour d'été :'}'} other {# jours '#'1}}" },
    })
  })

  it("print tags as the source wrote them: paired, self-closing and in branches without words", () => {
    const identity = (unit: TextUnit, language: string) => {
      const segments = unitSegments(unit, language)
      return assembleTranslation(unit, language, new Map(segments.map((s) => [s.id, s.text])))
    }
    for (const source of [
      "{count, plural, one {<b>#</b> file} other {<b>#</b> files}}",
      "{count, plural, one {<x1/># file} other {<x1/># files}}",
      "{count, plural, =0 {<x1/>} one {<x1/>#} other {<x1/>#<x2/> files <g3>here</g3>}}",
      "{n, plural, one {# line<br/>more} other {# lines<br />more}}",
      "{n, plural, one {<br>#} other {<br># lines}}",
      "{who, select, admin {<b>{name}</b> <br/>} other {{name}}}",
    ]) {
      const unit: TextUnit = { key: "k", icu: true, source }
      expect(identity(unit, "en"), source).toEqual({ translation: { text: source } })
      const ru = shout(unit, "ru").text!
      expect(ru, source).not.toContain("'")
      expect(checkTranslation(unit, { text: ru }, "ru"), source).toEqual([])
    }
    expect(
      shout(
        { key: "k", icu: true, source: "{n, plural, one {<x1/># file} other {<x1/># files}}" },
        "ru",
      ).text,
    ).toBe(
      "{n, plural, one {<x1/># FILE} few {<x1/># FILES} many {<x1/># FILES} other {<x1/># FILES}}",
    )
  })

  it("refuse a segment whose placeholders changed", () => {
    const segments = unitSegments(INBOX, "en")
    const translated = new Map(
      segments.map((segment) => [segment.id, segment.text.replace("{name}", "{nom}")]),
    )
    expect(assembleTranslation(INBOX, "en", translated)).toEqual({
      error: "placeholder {name} is missing; unexpected placeholder {nom}",
    })
    expect(assembleTranslation(INBOX, "en", new Map())).toEqual({
      error: "no translation was returned",
    })
  })
})

describe("plain and plural units", () => {
  it("send a plain string once and nothing without words", () => {
    expect(unitSegments({ key: "a", source: "Hello %s", note: "greeting" }, "de")).toEqual([
      { id: "0:a", unitKey: "a", text: "Hello %s", note: "greeting" },
    ])
    expect(unitSegments({ key: "b", source: "{count} / %d" }, "de")).toEqual([])
    expect(assembleTranslation({ key: "b", source: "{count} / %d" }, "de", new Map())).toEqual({
      translation: { text: "{count} / %d" },
    })
  })

  it("fill every target category of a plural unit from the source's own form or other", () => {
    const unit: TextUnit = {
      key: "files",
      source: "{{count}} files",
      plural: { one: "{{count}} file", other: "{{count}} files" },
    }
    const segments = unitSegments(unit, "ru")
    expect(segments.map((segment) => segment.text)).toEqual([
      "{{count}} file",
      "{{count}} files",
      "{{count}} files",
      "{{count}} files",
    ])
    const result = assembleTranslation(
      unit,
      "ru",
      new Map([
        [segments[0]!.id, "{{count}} файл"],
        [segments[1]!.id, "{{count}} файла"],
        [segments[2]!.id, "{{count}} файлов"],
        [segments[3]!.id, "{{count}} файла"],
      ]),
    )
    expect(result).toEqual({
      translation: {
        plural: {
          one: "{{count}} файл",
          few: "{{count}} файла",
          many: "{{count}} файлов",
          other: "{{count}} файла",
        },
      },
    })
  })

  describe("a {one, other} English unit", () => {
    const unit: TextUnit = {
      key: "files",
      source: "%d files",
      plural: { one: "%d file", other: "%d files" },
    }
    const forms = (language: string) =>
      unitSegments(unit, language).map(({ text, form }) => [text, form])

    it("into Russian asks few and many apart, each told its category and the counts it is for", () => {
      expect(forms("ru")).toEqual([
        ["%d file", undefined],
        [
          "%d files",
          "Plural form 'few' of Russian, used for counts like 2, 3, 4, 22: write the text as it reads for such a count.",
        ],
        [
          "%d files",
          "Plural form 'many' of Russian, used for counts like 0, 5, 6, 7: write the text as it reads for such a count.",
        ],
        // Russian other is for fractions (English other took 5 as well): it is told so too.
        [
          "%d files",
          "Plural form 'other' of Russian, used for counts like 0.5, 1.5, 2.5, 0.1: write the text as it reads for such a count.",
        ],
      ])
    })

    it("into French asks many (whole millions) apart, and other with its own counts", () => {
      expect(forms("fr")).toEqual([
        ["%d file", undefined],
        [
          "%d files",
          "Plural form 'many' of French, used for counts like 1000000, 2000000, 10000000: write the text as it reads for such a count.",
        ],
        [
          "%d files",
          "Plural form 'other' of French, used for counts like 2, 3, 4, 5: write the text as it reads for such a count.",
        ],
      ])
    })

    it("into Arabic asks zero, two, few and many apart", () => {
      expect(
        unitSegments(unit, "ar").map((segment) => /'(\w+)'/.exec(segment.form ?? "")?.[1]),
      ).toEqual(["zero", undefined, "two", "few", "many", "other"])
    })

    it("into Japanese and German needs no notes: every form is the source's own", () => {
      expect(forms("ja")).toEqual([["%d files", undefined]])
      expect(forms("de")).toEqual([
        ["%d file", undefined],
        ["%d files", undefined],
      ])
    })
  })

  it("give the engine a unit's context, note and plural form as one note", () => {
    const [, few] = unitSegments(
      {
        key: "files",
        source: "%d files",
        plural: { one: "%d file", other: "%d files" },
        note: "Shown in the upload dialog",
        context: "uploads",
      },
      "uk",
    )
    expect(segmentNote(few!)).toBe(
      [
        "Context: uploads",
        "Note to translators: Shown in the upload dialog",
        "Plural form 'few' of Ukrainian, used for counts like 2, 3, 4, 22: write the text as it reads for such a count.",
      ].join("\n"),
    )
    expect(segmentNote(unitSegments({ key: "a", source: "Open" }, "de")[0]!)).toBeUndefined()
  })
})

describe("checkTranslation", () => {
  it("names a translated plural keyword and a missing category", () => {
    const violations = checkTranslation(
      INBOX,
      {
        text: "{count, plural, =0 {Keine} one {# Nachricht von {name}} weitere {# Nachrichten von {name}}}",
      },
      "de",
    )
    expect(violations.map((violation) => violation.message)).toEqual([
      '{count}: "weitere" is not a plural keyword (translated?)',
      '{count}: plural form "other" is missing',
    ])
    expect(violations.map((violation) => violation.kind)).toEqual(["icu", "plural"])
  })

  it("requires the target's categories, no more", () => {
    const ja = checkTranslation(
      INBOX,
      { text: "{count, plural, =0 {なし} one {{name}から#件} other {{name}から#件}}" },
      "ja",
    )
    expect(ja).toEqual([
      {
        unitKey: "inbox",
        kind: "plural",
        message: '{count}: "one" is not a plural category of ja',
      },
    ])
    const ru = checkTranslation(
      INBOX,
      { text: "{count, plural, =0 {Нет} one {# от {name}} other {# от {name}}}" },
      "ru",
    )
    expect(ru.map((violation) => violation.message)).toEqual([
      '{count}: plural form "few" is missing',
      '{count}: plural form "many" is missing',
    ])
  })

  it("catches a translated select selector, a lost argument and broken ICU", () => {
    const unit: TextUnit = {
      key: "g",
      icu: true,
      source: "{g, select, female {She} other {They}} liked {post}",
    }
    expect(
      checkTranslation(unit, { text: "{g, select, femme {Elle} other {Ils}} ont aimé" }, "fr").map(
        (v) => v.kind,
      ),
    ).toEqual(["placeholder", "icu", "icu"])
    expect(
      checkTranslation(
        unit,
        { text: "{g, select, female {Elle} other {Ils} a aimé {post}" },
        "fr",
      )[0]!.kind,
    ).toBe("icu")
  })

  it("lets one-forms spell the number out but not other-forms", () => {
    expect(
      checkTranslation(
        INBOX,
        {
          text: "{count, plural, =0 {Aucun} one {Un message de {name}} other {# messages de {name}}}",
        },
        "en",
      ),
    ).toEqual([])
    expect(
      checkTranslation(
        INBOX,
        {
          text: "{count, plural, =0 {Aucun} one {# message de {name}} other {Des messages de {name}}}",
        },
        "en",
      ),
    ).toEqual([{ unitKey: "inbox", kind: "placeholder", message: "placeholder {#} is missing" }])
  })

  it("checks plain text and plural forms", () => {
    expect(checkTranslation({ key: "a", source: "Hi %s" }, { text: "" }, "fr")).toEqual([
      { unitKey: "a", kind: "empty", message: "the translation is empty" },
    ])
    expect(
      checkTranslation({ key: "a", source: "Hi %s" }, { text: "Salut %d" }, "fr"),
    ).toHaveLength(2)
    const unit: TextUnit = {
      key: "n",
      source: "%d files",
      plural: { one: "one file", other: "%d files" },
    }
    expect(
      checkTranslation(
        unit,
        { plural: { one: "%d fichier", many: "%d de fichiers", other: "%d fichiers" } },
        "fr",
      ),
    ).toEqual([])
    expect(
      checkTranslation(unit, { plural: { one: "un", other: "fichiers" } }, "fr").map(
        (v) => v.message,
      ),
    ).toEqual(['plural form "many" is missing', "other: placeholder %d is missing"])
  })
})
