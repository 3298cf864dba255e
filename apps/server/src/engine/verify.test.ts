import { describe, expect, it } from "vitest"

import { compileGlossary } from "./glossary"
import { findProtectedTokens } from "./protected-tokens"
import { checkOutput } from "./verify"

describe("findProtectedTokens", () => {
  it.each([
    ["Hello {name}", ["{name}"]],
    ["{{count}} and {{ user.name }} and {{{raw}}}", ["{{count}}", "{{ user.name }}", "{{{raw}}}"]],
    ["{0} of {1}, {} and {amount, number}", ["{0}", "{1}", "{}", "{amount, number}"]],
    ["Total: ${total}", ["${total}"]],
    [
      "%s, %d, %1$d, %2$s, %.2f, %@, %(name)s",
      ["%s", "%d", "%1$d", "%2$s", "%.2f", "%@", "%(name)s"],
    ],
    [
      '<b>bold</b> <br/> <a href="x">a</a> <!-- note -->',
      ["<b>", "</b>", "<br/>", '<a href="x">', "</a>", "<!-- note -->"],
    ],
    ["&amp; &nbsp; &#169; &#x1F600;", ["&amp;", "&nbsp;", "&#169;", "&#x1F600;"]],
    [
      "Visit https://example.com/a?b=1, then www.example.org.",
      ["https://example.com/a?b=1", "www.example.org"],
    ],
    ["(see https://en.wikipedia.org/wiki/Foo_(bar)).", ["https://en.wikipedia.org/wiki/Foo_(bar)"]],
    ["Write to jane.doe+news@example.co.uk.", ["jane.doe+news@example.co.uk"]],
  ])("finds the protected parts of %j", (text, tokens) => {
    expect(findProtectedTokens(text).map((t) => t.text)).toEqual(tokens)
  })

  it.each(["50% off", "100 % sure", "a < b and c > d", "{ not a placeholder }", "R&D; Q&A"])(
    "finds nothing to protect in %j",
    (text) => {
      expect(findProtectedTokens(text)).toEqual([])
    },
  )
})

describe("checkOutput", () => {
  const none = compileGlossary([])

  it("accepts placeholders and tags in another order", () => {
    const check = checkOutput("Hi {name}, <b>{count}</b> new", "<b>{count}</b> neue, {name}", none)
    expect(check).toEqual({ broken: [], missingTerms: [] })
  })

  it("reports lost, altered, duplicated and invented placeholders and tags", () => {
    const check = checkOutput(
      "Hi {name}, <b>{count}</b> %s",
      "Hallo {Name}, <b>{count}</b> {count} %s {extra}",
      none,
    )
    expect(check.broken).toEqual([
      "placeholder {name} is missing",
      "placeholder {count} appears 2 times instead of 1",
      "unexpected placeholder {Name}",
      "unexpected placeholder {extra}",
    ])
  })

  it("reports a missing tag, link and email address", () => {
    const check = checkOutput(
      "<i>See</i> https://x.com or a@b.com",
      "<i>Siehe x.com oder a(at)b.com",
      none,
    )
    expect(check.broken).toEqual([
      "tag </i> is missing",
      "link https://x.com is missing",
      "email a@b.com is missing",
    ])
  })

  it("reports glossary terms whose target is missing, ignoring case", () => {
    const glossary = compileGlossary([
      { source: "Sign in", target: "Anmelden" },
      { source: "cart", target: "Warenkorb" },
      { source: "unused", target: "x" },
    ])
    const check = checkOutput(
      "Sign in to see your cart",
      "Melden Sie sich an, um Ihren WARENKORB zu sehen",
      glossary,
    )
    expect(check.missingTerms).toEqual([{ source: "Sign in", target: "Anmelden" }])
  })
})
