import { parse } from "yaml"
import { describe, expect, it } from "vitest"

import type { FileFormatError, Translation } from "../types"
import { yamlHandler } from "./yaml"

const RAILS = `# Storefront strings
en:
  store:
    title: Acme Store   # shown in the header
    welcome: "Welcome back, %{name}!"
    about: |
      We sell tools.
      Since 1999.
    cart:
      one: "%{count} item in your cart"
      other: "%{count} items in your cart"
    sizes: [S, M, L]
    max_items: 20
  defaults: &defaults
    save: Save
  profile:
    <<: *defaults
    title: 'Your profile'
`

const render = (
  content: string,
  language: string,
  translations: Record<string, Translation> = {},
) =>
  yamlHandler.render(yamlHandler.parse(content), new Map(Object.entries(translations)), {
    targetLanguage: language,
  })

describe("YAML files", () => {
  it("read strings under the Rails root key, plural maps as plural units", () => {
    const file = yamlHandler.parse(RAILS)
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      { key: "store.title", source: "Acme Store" },
      { key: "store.welcome", source: "Welcome back, %{name}!" },
      { key: "store.about", source: "We sell tools.\nSince 1999.\n" },
      {
        key: "store.cart",
        source: "%{count} items in your cart",
        plural: { one: "%{count} item in your cart", other: "%{count} items in your cart" },
      },
      { key: "defaults.save", source: "Save" },
      { key: "profile.title", source: "Your profile" },
    ])
  })

  it("write back byte for byte for the source language", () => {
    expect(render(RAILS, "en")).toBe(RAILS)
  })

  it("rename the root key, keep comments, anchors and quoting, and give Russian its plural keys", () => {
    const out = render(RAILS, "ru", {
      "store.title": { text: "Магазин Acme: инструменты" },
      "store.about": { text: "Мы продаём инструменты.\nС 1999 года.\n" },
      "store.cart": {
        plural: {
          one: "%{count} товар в корзине",
          few: "%{count} товара в корзине",
          many: "%{count} товаров в корзине",
          other: "%{count} товара в корзине",
        },
      },
      "profile.title": { text: "Ваш профиль" },
    })
    expect(out).toContain("# Storefront strings\nru:\n")
    expect(out).toContain('    title: "Магазин Acme: инструменты"   # shown in the header\n')
    expect(out).toContain("    about: |\n      Мы продаём инструменты.\n      С 1999 года.\n")
    expect(out).toContain("  defaults: &defaults\n")
    expect(out).toContain("    title: 'Ваш профиль'\n")
    const data = parse(out, { merge: true }) as { ru: { store: { cart: object }; profile: object } }
    expect(Object.keys(data.ru.store.cart)).toEqual(["one", "few", "many", "other"])
    expect(data.ru.profile).toEqual({ save: "Save", title: "Ваш профиль" })
  })

  it("write any translated text so that it reads back exactly", () => {
    const content = 'a:\n  "one": x\n  "other": y\nb: plain\nc: |\n  block\n'
    const texts = { b: "0: \r\n \n ✓", c: "tab\there: # not a comment", a: '%{n} "z"' }
    const out = render(content, "en", {
      b: { text: texts.b },
      c: { text: texts.c },
      a: { plural: { one: texts.a, other: texts.a } },
    })
    expect(parse(out)).toEqual({ a: { one: texts.a, other: texts.a }, b: texts.b, c: texts.c })
  })

  it("mark ICU messages among the values", () => {
    const units = yamlHandler.parse(
      'a: "{n, plural, one {# file} other {# files}}"\nb: Hi {name}\n',
    ).units
    expect(units.map((unit) => unit.icu)).toEqual([true, undefined])
  })

  it("take a single root key for a locale only when it names a language", () => {
    expect(yamlHandler.parse("pt-BR:\n  a: b\n").sourceLanguage).toBe("pt-BR")
    const app = yamlHandler.parse("app:\n  title: Acme\n")
    expect(app.sourceLanguage).toBeUndefined()
    expect(app.units).toEqual([{ key: "app.title", source: "Acme" }])
    expect(yamlHandler.render(app, new Map(), { targetLanguage: "fr" })).toBe(
      "app:\n  title: Acme\n",
    )
  })

  it("leave the root key alone when it is not the source language", () => {
    const out = yamlHandler.render(yamlHandler.parse("en:\n  a: b\n"), new Map(), {
      targetLanguage: "fr",
      sourceLanguage: "de",
    })
    expect(out).toBe("en:\n  a: b\n")
  })

  it("name the line and column of malformed YAML", () => {
    expect(() => yamlHandler.parse("a:\n  b: c\n d: e: f\n")).toThrow(
      expect.objectContaining({ code: "malformed", line: 3 }) as FileFormatError,
    )
    expect(() => yamlHandler.parse("a: 1\na: 2\n")).toThrow(
      expect.objectContaining({ code: "malformed", line: 2, column: 1 }) as FileFormatError,
    )
  })

  it("refuse a billion laughs and deep nesting without expanding anything", () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i)
      const next = String.fromCharCode(97 + i)
      laughs.push(`${next}: &${next} [${Array(12).fill(`*${prev}`).join(",")}]`)
    }
    expect(() => yamlHandler.parse(laughs.join("\n"))).toThrow(
      expect.objectContaining({ code: "too_many_aliases" }) as FileFormatError,
    )
    const flow = `a: ${"[".repeat(100)}${"]".repeat(100)}`
    expect(() => yamlHandler.parse(flow)).toThrow(
      expect.objectContaining({ code: "too_deep" }) as FileFormatError,
    )
    const deep = Array.from({ length: 80 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n") + " x\n"
    expect(() => yamlHandler.parse(deep)).toThrow(
      expect.objectContaining({ code: "too_deep" }) as FileFormatError,
    )
  })
})
