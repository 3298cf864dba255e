import { describe, expect, it } from "vitest"

import { xcstringsHandler } from "./xcstrings"

const FILE = `{
  "sourceLanguage" : "en",
  "strings" : {
    "%lld items" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld item"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld items"
                }
              }
            }
          }
        }
      }
    },
    "Acme" : {
      "shouldTranslate" : false
    },
    "Hello, %@!" : {
      "comment" : "Greeting on the home screen",
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Hallo, %@!"
          }
        }
      }
    },
    "Settings" : {

    }
  },
  "version" : "1.0"
}
`

describe("String Catalogs", () => {
  it("read each translatable string from the source language, else its key", () => {
    const file = xcstringsHandler.parse(FILE)
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      {
        key: "%lld items",
        source: "%lld items",
        plural: { one: "%lld item", other: "%lld items" },
      },
      { key: "Hello, %@!", source: "Hello, %@!", note: "Greeting on the home screen" },
      { key: "Settings", source: "Settings" },
    ])
  })

  it("write back byte for byte with nothing translated", () => {
    expect(
      xcstringsHandler.render(xcstringsHandler.parse(FILE), new Map(), { targetLanguage: "fr" }),
    ).toBe(FILE)
  })

  it("add the target's localizations, keep other languages and untranslatable strings", () => {
    const out = xcstringsHandler.render(
      xcstringsHandler.parse(FILE),
      new Map([
        [
          "%lld items",
          { plural: { one: "%lld élément", many: "%lld d’éléments", other: "%lld éléments" } },
        ],
        ["Hello, %@!", { text: "Bonjour, %@ !" }],
        ["Settings", { text: "Réglages" }],
      ]),
      { targetLanguage: "fr" },
    )
    const catalog = JSON.parse(out) as {
      strings: Record<string, { localizations?: Record<string, unknown> }>
    }
    const before = JSON.parse(FILE) as typeof catalog
    expect(catalog.strings["Hello, %@!"]!.localizations).toEqual({
      de: before.strings["Hello, %@!"]!.localizations!.de,
      fr: { stringUnit: { state: "translated", value: "Bonjour, %@ !" } },
    })
    expect(catalog.strings["%lld items"]!.localizations!.fr).toEqual({
      variations: {
        plural: {
          many: { stringUnit: { state: "translated", value: "%lld d’éléments" } },
          one: { stringUnit: { state: "translated", value: "%lld élément" } },
          other: { stringUnit: { state: "translated", value: "%lld éléments" } },
        },
      },
    })
    expect(catalog.strings.Settings).toEqual({
      localizations: { fr: { stringUnit: { state: "translated", value: "Réglages" } } },
    })
    expect(catalog.strings.Acme).toEqual({ shouldTranslate: false })
    // written as Xcode writes: the space before each colon, two-space indentation
    expect(out).toContain(
      `        "fr" : {\n          "stringUnit" : {\n            "state" : "translated",`,
    )
  })

  it("replace an existing translation of the target", () => {
    const file = xcstringsHandler.parse(FILE)
    const out = xcstringsHandler.render(file, new Map([["Hello, %@!", { text: "Servus, %@!" }]]), {
      targetLanguage: "de",
    })
    expect(out).toBe(FILE.replace('"value" : "Hallo, %@!"', '"value" : "Servus, %@!"'))
  })

  it("give each unit the target's existing translation when asked for one language", () => {
    const units = xcstringsHandler.parse(FILE, { targetLanguage: "de" }).units
    expect(units.find((unit) => unit.key === "Hello, %@!")?.target).toBe("Hallo, %@!")
    expect(units.find((unit) => unit.key === "Settings")?.target).toBeUndefined()
  })

  it("skip strings Xcode marks stale", () => {
    const stale = FILE.replace(
      '"Settings" : {\n\n    }',
      '"Settings" : {\n      "extractionState" : "stale"\n    }',
    )
    expect(xcstringsHandler.parse(stale).units.map((unit) => unit.key)).not.toContain("Settings")
  })

  it("refuse a catalog without sourceLanguage", () => {
    expect(() => xcstringsHandler.parse('{"strings": {}}')).toThrow(/sourceLanguage/)
  })
})
