import { describe, expect, it } from "vitest"

import { assembleTranslation, unitSegments } from "../segments"
import type { Translation } from "../types"
import { i18nextHandler } from "./i18next"

const FILE = `{
  "inbox": {
    "title": "Inbox",
    "unread_one": "{{count}} unread message",
    "unread_other": "{{count}} unread messages",
    "place_ordinal_one": "{{count}}st place",
    "place_ordinal_two": "{{count}}nd place",
    "place_ordinal_few": "{{count}}rd place",
    "place_ordinal_other": "{{count}}th place",
    "friend_male": "A boyfriend",
    "friend_female": "A girlfriend",
    "link": "See $t(common.more)"
  }
}
`

describe("i18next files", () => {
  it("read plural suffixes as one plural unit per key and context keys as strings", () => {
    const { units } = i18nextHandler.parse(FILE)
    expect(units.map((unit) => unit.key)).toEqual([
      "inbox.title",
      "inbox.unread",
      "inbox.place_ordinal",
      "inbox.friend_male",
      "inbox.friend_female",
      "inbox.link",
    ])
    expect(units[1]).toEqual({
      key: "inbox.unread",
      source: "{{count}} unread messages",
      plural: { one: "{{count}} unread message", other: "{{count}} unread messages" },
    })
    expect(units[2]!.pluralType).toBe("ordinal")
  })

  it("write back byte for byte for the source language", () => {
    const file = i18nextHandler.parse(FILE)
    expect(i18nextHandler.render(file, new Map(), { targetLanguage: "en" })).toBe(FILE)
  })

  it("give Russian exactly one, few, many and other, in place of the source's keys", () => {
    const file = i18nextHandler.parse(FILE)
    const unit = file.units[1]!
    const segments = unitSegments(unit, "ru")
    const words: Record<string, string> = {
      "{{count}} unread message": "{{count}} непрочитанное сообщение",
      "{{count}} unread messages": "{{count}} непрочитанных сообщений",
    }
    const result = assembleTranslation(
      unit,
      "ru",
      new Map(segments.map((s) => [s.id, words[s.text]!])),
    )
    if (!("translation" in result)) throw new Error(result.error)
    const out = i18nextHandler.render(
      file,
      new Map<string, Translation>([[unit.key, result.translation]]),
      {
        targetLanguage: "ru",
      },
    )
    const inbox = (JSON.parse(out) as { inbox: Record<string, string> }).inbox
    expect(Object.keys(inbox).filter((key) => key.startsWith("unread"))).toEqual([
      "unread_one",
      "unread_few",
      "unread_many",
      "unread_other",
    ])
    expect(inbox.unread_few).toBe("{{count}} непрочитанных сообщений")
    expect(out).toContain(
      '    "title": "Inbox",\n    "unread_one": "{{count}} непрочитанное сообщение",\n    "unread_few"',
    )
    // Russian ordinals have only `other`
    expect(Object.keys(inbox).filter((key) => key.startsWith("place"))).toEqual([
      "place_ordinal_other",
    ])
  })

  it("give Japanese only the other form", () => {
    const file = i18nextHandler.parse(FILE)
    const out = JSON.parse(i18nextHandler.render(file, new Map(), { targetLanguage: "ja" })) as {
      inbox: Record<string, string>
    }
    expect(Object.keys(out.inbox)).toEqual([
      "title",
      "unread_other",
      "place_ordinal_other",
      "friend_male",
      "friend_female",
      "link",
    ])
  })

  it("keep _zero, which i18next uses for 0 in every language, and translate it", () => {
    const file = i18nextHandler.parse(
      '{"sel_zero": "Nothing", "sel_one": "One item", "sel_other": "{{count}} items"}',
    )
    const unit = file.units[0]!
    expect(unit.keepsZero).toBe(true)
    expect(unitSegments(unit, "ja").map((segment) => segment.text)).toEqual([
      "Nothing",
      "{{count}} items",
    ])
    const out = i18nextHandler.render(
      file,
      new Map([[unit.key, { plural: { zero: "なし", other: "{{count}} 件" } }]]),
      {
        targetLanguage: "ja",
      },
    )
    expect(out).toBe('{"sel_zero": "なし", "sel_other": "{{count}} 件"}')
  })

  it("keep a group's other keys in place when its keys were not next to each other", () => {
    const content = '{"a_one": "one", "b": "B", "a_other": "many"}'
    const file = i18nextHandler.parse(content)
    const out = i18nextHandler.render(file, new Map(), { targetLanguage: "ar" })
    expect(Object.keys(JSON.parse(out) as object)).toEqual([
      "a_zero",
      "a_one",
      "a_two",
      "a_few",
      "a_many",
      "a_other",
      "b",
    ])
  })

  it("give a context key and its plural forms keys of their own, so both are translated", () => {
    const content =
      '{"friend_male": "A boyfriend", "friend_male_one": "{{count}} boyfriend", "friend_male_other": "{{count}} boyfriends"}'
    const file = i18nextHandler.parse(content)
    const keys = file.units.map((unit) => unit.key)
    expect(new Set(keys).size).toBe(keys.length)
    const plural = file.units.find((unit) => unit.plural)!
    const plain = file.units.find((unit) => !unit.plural)!
    const translations = new Map<string, Translation>([
      [plain.key, { text: "Un petit ami" }],
      [plural.key, { plural: { one: "{{count}} petit ami", other: "{{count}} petits amis" } }],
    ])
    expect(JSON.parse(i18nextHandler.render(file, translations, { targetLanguage: "fr" }))).toEqual(
      {
        friend_male: "Un petit ami",
        friend_male_one: "{{count}} petit ami",
        friend_male_many: "{{count}} boyfriends",
        friend_male_other: "{{count}} petits amis",
      },
    )
  })
})
