import { describe, expect, it } from "vitest"

import { comparePlaceholders, countPlaceholders, findProtectedTokens } from "./placeholders"

const tokens = (text: string) => findProtectedTokens(text).map((token) => token.text)

describe("findProtectedTokens", () => {
  it("finds every placeholder style files use", () => {
    expect(tokens("Hi {name}, {{count}} new, %s and %1$d, %(user)s, %{total}, ${price}")).toEqual([
      "{name}",
      "{{count}}",
      "%s",
      "%1$d",
      "%(user)s",
      "%{total}",
      "${price}",
    ])
    expect(tokens("%@ sent %1$@ to %2$@")).toEqual(["%@", "%1$@", "%2$@"])
    expect(tokens("%<count>d left")).toEqual(["%<count>d"])
    expect(tokens('<a href="/x">x</a> <br/> <br /> <img\n  src="y">')).toEqual([
      '<a href="/x">',
      "</a>",
      "<br/>",
      "<br />",
      '<img\n  src="y">',
    ])
    expect(tokens("%-5.2f %05d %'.10d")).toEqual(["%-5.2f", "%05d", "%'.10d"])
  })

  it("keeps i18next nesting, numbered components and ICU arguments whole", () => {
    expect(tokens('See $t(common.terms) and $t(plan, {"count": {{n}}})')).toEqual([
      "$t(common.terms)",
      '$t(plan, {"count": {{n}}})',
    ])
    expect(tokens("Click <0>here</0> or <1/>")).toEqual(["<0>", "</0>", "<1/>"])
    expect(tokens("Due {due, date, short} for {amount, number, ::currency/EUR}")).toEqual([
      "{due, date, short}",
      "{amount, number, ::currency/EUR}",
    ])
    expect(tokens("{#} items")).toEqual(["{#}"])
  })

  it("takes linear time on hostile text (a tag or a printf spec that never closes)", () => {
    const n = 200_000
    for (const text of [
      `<a${" ".repeat(n)}`,
      `%${"0".repeat(n)}`,
      `%(a)${"0".repeat(n)}`,
      `{{${"a".repeat(n)}`,
      `{a,${" ".repeat(n)}`,
      `${"a.".repeat(n / 2)}`,
      `<a ${"<a ".repeat(n / 3)}`,
      `https://${"。".repeat(n)}`,
      `https://x${")".repeat(n)}`,
      `%#@${"a".repeat(n)}`,
      `${"%1$#@".repeat(n / 5)}`,
    ]) {
      const started = performance.now()
      findProtectedTokens(text)
      // a cubic pattern took over a minute on 4,000 characters
      expect(performance.now() - started).toBeLessThan(1_000)
    }
  })

  it("ends a link before CJK and fullwidth punctuation, as before ASCII punctuation", () => {
    expect(tokens("詳しくは https://x.test/privacy。次のページへ")).toEqual([
      "https://x.test/privacy",
    ])
    expect(tokens("プライバシー (https://x.test/privacy)。")).toEqual(["https://x.test/privacy"])
    expect(tokens("（https://x.test/privacy）をご覧ください")).toEqual(["https://x.test/privacy"])
    expect(tokens("見る：https://x.test/a、https://x.test/b！www.x.test/c？")).toEqual([
      "https://x.test/a",
      "https://x.test/b",
      "www.x.test/c",
    ])
    expect(tokens("「https://x.test/q?a=1」と『https://x.test/r』【https://x.test/s】")).toEqual([
      "https://x.test/q?a=1",
      "https://x.test/r",
      "https://x.test/s",
    ])
    expect(tokens("参照，https://x.test/t；https://x.test/u：")).toEqual([
      "https://x.test/t",
      "https://x.test/u",
    ])
    // what was kept before stays: letters of any script, balanced parentheses, ASCII trimming
    expect(tokens("https://ja.wikipedia.org/wiki/東京 and https://x.test/Foo_(bar).")).toEqual([
      "https://ja.wikipedia.org/wiki/東京",
      "https://x.test/Foo_(bar)",
    ])
    expect(tokens("(see https://x.test/privacy).")).toEqual(["https://x.test/privacy"])
  })

  it("takes an iOS stringsdict variable %#@name@ as one placeholder", () => {
    expect(tokens("You have %#@messages@ in %#@folders@")).toEqual(["%#@messages@", "%#@folders@"])
    expect(tokens("%1$#@files@ and %d")).toEqual(["%1$#@files@", "%d"])
  })

  it("leaves a percentage and plain text alone", () => {
    expect(tokens("Save 50% off today")).toEqual([])
    expect(tokens("100%s")).toEqual([])
  })
})

describe("comparePlaceholders", () => {
  it("accepts the same placeholders in another order", () => {
    expect(comparePlaceholders("{a} gave {b} %s", "%s: {b} reçu de {a}")).toEqual([])
  })

  it("reports a missing, a doubled and an invented placeholder", () => {
    expect(comparePlaceholders("Hi {name}, <b>%d</b> new", "Salut, <b>%d %d</b> {nom}")).toEqual([
      { token: "{name}", kind: "placeholder", problem: "missing", source: 1, target: 0 },
      { token: "%d", kind: "placeholder", problem: "extra", source: 1, target: 2 },
      { token: "{nom}", kind: "placeholder", problem: "extra", source: 0, target: 1 },
    ])
  })

  it("counts each occurrence", () => {
    expect(countPlaceholders("{a} and {a} and %s").get("{a}")).toEqual({
      kind: "placeholder",
      count: 2,
    })
    expect(comparePlaceholders("{a} {a}", "{a}")).toEqual([
      { token: "{a}", kind: "placeholder", problem: "missing", source: 2, target: 1 },
    ])
  })

  it("accepts a link followed by a CJK full stop in the translation", () => {
    expect(
      comparePlaceholders("See https://x.test/privacy.", "https://x.test/privacy。をご覧ください"),
    ).toEqual([])
    expect(
      comparePlaceholders(
        "Read our policy (https://x.test/privacy).",
        "ポリシー（https://x.test/privacy）をお読みください。",
      ),
    ).toEqual([])
  })

  it("counts a stringsdict variable as one placeholder", () => {
    expect(comparePlaceholders("%#@files@ left", "Осталось %#@files@")).toEqual([])
    expect(comparePlaceholders("%#@files@ left", "Осталось %#@файлы@")).toEqual([
      { token: "%#@files@", kind: "placeholder", problem: "missing", source: 1, target: 0 },
      { token: "%#@файлы@", kind: "placeholder", problem: "extra", source: 0, target: 1 },
    ])
    expect(countPlaceholders("%#@a@ %#@a@").get("%#@a@")).toEqual({ kind: "placeholder", count: 2 })
  })

  it("lets a translation add a link but not lose one", () => {
    expect(comparePlaceholders("Read the terms", "Lisez https://x.fr/cgu")).toEqual([])
    expect(comparePlaceholders("See https://x.com/terms", "Voir les conditions")).toHaveLength(1)
  })
})
