import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

import fc from "fast-check"
import { describe, expect, it } from "vitest"

import { findProtectedTokens } from "../placeholders"
import { assembleTranslation, checkTranslation, unitSegments } from "../segments"
import type { TextUnit, Translation } from "../types"
import { xliffHandler } from "./xliff"
import { hostileXml } from "./xml-hostile.test-data"

const XLIFF_12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="messages">
    <body>
      <trans-unit id="greeting" resname="home.greeting" maxwidth="40" size-unit="char">
        <source>Hello <g id="1" ctype="bold">{name}</g>, you have <x id="2" ctype="lb"/>new mail</source>
        <note>Shown after sign-in</note>
      </trans-unit>
      <trans-unit id="link">
        <source>Read the <ph id="1">&lt;a href="/terms"&gt;</ph>terms<ph id="2">&lt;/a&gt;</ph> &amp; agree</source>
        <target state="new"></target>
      </trans-unit>
      <trans-unit id="brand" translate="no">
        <source>Acme</source>
      </trans-unit>
      <group id="menu" translate="no">
        <trans-unit id="menu.internal"><source>debug</source></trans-unit>
      </group>
      <trans-unit id="paired">
        <source><bx id="1"/>Bold<ex id="1"/> and <mrk mtype="term">plain</mrk></source>
      </trans-unit>
    </body>
  </file>
</xliff>
`

const XLIFF_20 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0" version="2.0" srcLang="en">
  <file id="f1">
    <unit id="welcome" name="home.welcome" slr:sizeRestriction="30">
      <notes><note category="context">Greets the user</note></notes>
      <segment>
        <source>Welcome, <pc id="1" dataRefStart="d1">{user}</pc>!<ph id="2" dataRef="d2"/></source>
      </segment>
    </unit>
    <unit id="two">
      <segment id="s1"><source>First sentence.</source></segment>
      <ignorable><source> </source></ignorable>
      <segment id="s2" state="translated"><source>Second one.</source><target>Zweiter.</target></segment>
    </unit>
    <unit id="skip" translate="no"><segment><source>SKU-1</source></segment></unit>
  </file>
</xliff>
`

describe("XLIFF 1.2", () => {
  it("reads units with inline tags as protected tags, notes, resname and maxwidth; skips translate=no", () => {
    const file = xliffHandler.parse(XLIFF_12)
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      {
        key: "greeting",
        source: "Hello <g1>{name}</g1>, you have <x2/>new mail",
        note: "Shown after sign-in",
        context: "home.greeting",
        maxLength: 40,
      },
      { key: "link", source: "Read the <ph1/>terms<ph2/> & agree" },
      { key: "paired", source: "<bx1/>Bold<ex2/> and <mrk3>plain</mrk3>" },
    ])
  })

  it("renders without translations with only target-language added", () => {
    const out = xliffHandler.render(xliffHandler.parse(XLIFF_12), new Map(), {
      targetLanguage: "fr",
    })
    expect(out).toBe(
      XLIFF_12.replace('original="messages"', 'original="messages" target-language="fr"'),
    )
  })

  it("writes targets with state=translated and the inline tags exactly as the source had them", () => {
    const file = xliffHandler.parse(XLIFF_12)
    const out = xliffHandler.render(
      file,
      new Map([
        ["greeting", { text: "Bonjour <g1>{name}</g1>, vous avez <x2/>du courrier" }],
        ["link", { text: "Lisez les <ph1/>conditions<ph2/> & acceptez" }],
        ["paired", { text: "<mrk3>simple</mrk3> et <bx1/>gras<ex2/>" }],
      ]),
      { targetLanguage: "fr" },
    )
    expect(out).toContain(
      `<source>Hello <g id="1" ctype="bold">{name}</g>, you have <x id="2" ctype="lb"/>new mail</source>
        <target state="translated">Bonjour <g id="1" ctype="bold">{name}</g>, vous avez <x id="2" ctype="lb"/>du courrier</target>
        <note>Shown after sign-in</note>`,
    )
    expect(out).toContain(
      '<target state="translated">Lisez les <ph id="1">&lt;a href="/terms"&gt;</ph>conditions<ph id="2">&lt;/a&gt;</ph> &amp; acceptez</target>',
    )
    expect(out).toContain(
      '<target state="translated"><mrk mtype="term">simple</mrk> et <bx id="1"/>gras<ex id="1"/></target>',
    )
    expect(out).toContain(
      '<trans-unit id="brand" translate="no">\n        <source>Acme</source>\n      </trans-unit>',
    )
    const again = xliffHandler.parse(out)
    expect(again.units.map((u) => u.target)).toEqual([
      "Bonjour <g1>{name}</g1>, vous avez <x2/>du courrier",
      "Lisez les <ph1/>conditions<ph2/> & acceptez",
      "<mrk3>simple</mrk3> et <bx1/>gras<ex2/>",
    ])
  })

  it("writes an ICU source with inline <x/> and <g> through segments with the tags unquoted", () => {
    const content = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" datatype="plaintext" original="messages">
    <body>
      <trans-unit id="files">
        <source>{count, plural, one {<x id="1"/># file} other {<x id="1"/># files in <g id="2">{folder}</g>}}</source>
      </trans-unit>
    </body>
  </file>
</xliff>
`
    const file = xliffHandler.parse(content)
    const unit = file.units[0]!
    expect(unit).toMatchObject({
      source: "{count, plural, one {<x1/># file} other {<x1/># files in <g2>{folder}</g2>}}",
      icu: true,
    })
    const sent = new Map(
      unitSegments(unit, "ru").map((s) => [s.id, s.text.replace("file", "файл")]),
    )
    const result = assembleTranslation(unit, "ru", sent)
    if ("error" in result) throw new Error(result.error)
    expect(result.translation.text).toBe(
      "{count, plural, one {<x1/># файл} few {<x1/># файлs in <g2>{folder}</g2>} many {<x1/># файлs in <g2>{folder}</g2>} other {<x1/># файлs in <g2>{folder}</g2>}}",
    )
    const out = xliffHandler.render(file, new Map([[unit.key, result.translation]]), {
      targetLanguage: "ru",
    })
    expect(out).toContain(
      '<target state="translated">{count, plural, one {<x id="1"/># файл} few {<x id="1"/># файлs in <g id="2">{folder}</g>} many',
    )
  })

  it("drops targets of another language that it did not translate", () => {
    const fr = xliffHandler.render(
      xliffHandler.parse(XLIFF_12),
      new Map([["greeting", { text: "Bonjour <g1>{name}</g1>, <x2/>courrier" }]]),
      { targetLanguage: "fr" },
    )
    const de = xliffHandler.render(xliffHandler.parse(fr), new Map(), { targetLanguage: "de" })
    expect(de).not.toContain("<target")
    expect(de).toContain('target-language="de"')
    // the same language keeps them
    expect(xliffHandler.render(xliffHandler.parse(fr), new Map(), { targetLanguage: "fr" })).toBe(
      fr,
    )
  })
  it("writes into an empty <target/> and replaces a state it had", () => {
    const xml = `<xliff version="1.2"><file source-language="en"><body>
  <trans-unit id="a"><source>Save</source><target state='new' xml:lang="fr"/></trans-unit>
</body></file></xliff>`
    const out = xliffHandler.render(
      xliffHandler.parse(xml),
      new Map([["a", { text: "Enregistrer" }]]),
      {
        targetLanguage: "fr",
      },
    )
    expect(out).toContain(
      `<source>Save</source><target state="translated" xml:lang="fr">Enregistrer</target>`,
    )
    expect(out).toContain('<file source-language="en" target-language="fr">')
  })

  it("keys units by file when the document holds several files, and names the language in each", () => {
    const two = `<xliff version="1.2"><file original="a.html" source-language="en"><body>
<trans-unit id="1"><source>Save</source></trans-unit></body></file>
<file original="b.html" source-language="en" target-language="de"><body>
<trans-unit id="1"><source>Cancel</source></trans-unit></body></file></xliff>`
    const file = xliffHandler.parse(two)
    expect(file.units.map((u) => [u.key, u.source])).toEqual([
      ["a.html#1", "Save"],
      ["b.html#1", "Cancel"],
    ])
    const out = xliffHandler.render(
      file,
      new Map([
        ["a.html#1", { text: "Enregistrer" }],
        ["b.html#1", { text: "Annuler" }],
      ]),
      { targetLanguage: "fr" },
    )
    expect(out.match(/target-language="fr"/g)).toHaveLength(2)
    expect(out).not.toContain('target-language="de"')
    expect(xliffHandler.parse(out).units.map((u) => u.target)).toEqual(["Enregistrer", "Annuler"])
  })
})

describe("XLIFF 2.0", () => {
  it("reads units and segments, notes, names and size restrictions", () => {
    const file = xliffHandler.parse(XLIFF_20)
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      {
        key: "welcome",
        source: "Welcome, <pc1>{user}</pc1>!<ph2/>",
        note: "Greets the user",
        context: "home.welcome",
        maxLength: 30,
      },
      { key: "two/s1", source: "First sentence." },
      { key: "two/s2", source: "Second one.", target: "Zweiter." },
    ])
  })

  it("writes targets, state=translated on the segment and trgLang on the root", () => {
    const out = xliffHandler.render(
      xliffHandler.parse(XLIFF_20),
      new Map([
        ["welcome", { text: "Willkommen, <pc1>{user}</pc1>!<ph2/>" }],
        ["two/s1", { text: "Erster Satz." }],
        ["two/s2", { text: "Zweiter Satz." }],
      ]),
      { targetLanguage: "de" },
    )
    expect(out).toContain('version="2.0" srcLang="en" trgLang="de">')
    expect(out).toContain(`      <segment state="translated">
        <source>Welcome, <pc id="1" dataRefStart="d1">{user}</pc>!<ph id="2" dataRef="d2"/></source>
        <target>Willkommen, <pc id="1" dataRefStart="d1">{user}</pc>!<ph id="2" dataRef="d2"/></target>
      </segment>`)
    expect(out).toContain(
      '<segment id="s1" state="translated"><source>First sentence.</source><target>Erster Satz.</target></segment>',
    )
    expect(out).toContain(
      '<segment id="s2" state="translated"><source>Second one.</source><target>Zweiter Satz.</target></segment>',
    )
    expect(out).toContain(
      '<unit id="skip" translate="no"><segment><source>SKU-1</source></segment></unit>',
    )
    expect(xliffHandler.parse(out).units.map((u) => u.target)).toEqual([
      "Willkommen, <pc1>{user}</pc1>!<ph2/>",
      "Erster Satz.",
      "Zweiter Satz.",
    ])
  })

  it("drops German targets when writing French, and their segments start again", () => {
    const de = xliffHandler.render(xliffHandler.parse(XLIFF_20), new Map(), {
      targetLanguage: "de",
    })
    const fr = xliffHandler.render(xliffHandler.parse(de), new Map(), { targetLanguage: "fr" })
    expect(fr).toContain('<segment id="s2" state="initial"><source>Second one.</source></segment>')
    expect(xliffHandler.parse(fr).units.every((u) => u.target === undefined)).toBe(true)
  })

  it("round-trips: a render without translations parses to the same units", () => {
    const file = xliffHandler.parse(XLIFF_20)
    expect(
      xliffHandler.parse(xliffHandler.render(file, new Map(), { targetLanguage: "de" })).units,
    ).toEqual(file.units)
  })
})

describe("XLIFF property", () => {
  it("any translated text around the source's inline tags, in any order, reads back as written", () => {
    const xml = `<xliff version="1.2"><file source-language="en"><body><trans-unit id="u"><source>A<g id="1">B</g>C<x id="2"/>D<ph id="3">&lt;br/&gt;</ph></source></trans-unit></body></file></xliff>`
    const file = xliffHandler.parse(xml)
    expect(file.units[0]!.source).toBe("A<g1>B</g1>C<x2/>D<ph3/>")
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          "<",
          ">",
          "&",
          "&amp;",
          '"',
          "'",
          "]]>",
          "<b>",
          "é",
          "😀",
          " ",
          "\n",
          "\r\n",
        ),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
      ),
      maxLength: 12,
    })
    const order = fc.shuffledSubarray(["<g1>x</g1>", "<x2/>", "<ph3/>"], { minLength: 0 })
    fc.assert(
      fc.property(order, fc.array(text, { minLength: 4, maxLength: 4 }), (tags, texts) => {
        const translation = texts.map((t, i) => t + (tags[i] ?? "")).join("")
        const out = xliffHandler.render(file, new Map([["u", { text: translation }]]), {
          targetLanguage: "de",
        })
        expect(xliffHandler.parse(out).units[0]!.target ?? "").toBe(
          translation.trim() ? translation : "",
        )
      }),
      { numRuns: 300 },
    )
  })
})

describe("XLIFF safety and errors", () => {
  it.each(hostileXml("xliff", "trans-unit"))("refuses hostile XML fast: %s", (_, xml, code) => {
    const started = performance.now()
    expect(() => xliffHandler.parse(xml)).toThrow(expect.objectContaining({ code }))
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it("names the line and column of malformed XML", () => {
    const broken = XLIFF_12.replace(
      "<note>Shown after sign-in</note>",
      "<note>Shown & signed</note>",
    )
    expect(() => xliffHandler.parse(broken)).toThrow(
      expect.objectContaining({ code: "malformed", line: 7, column: 21 }),
    )
    const mismatched = XLIFF_12.replace("sign-in</note>", "sign-in</notes>")
    expect(() => xliffHandler.parse(mismatched)).toThrow(
      expect.objectContaining({ code: "malformed", line: 7, column: 41 }),
    )
  })

  it("refuses a unit id used twice", () => {
    const twice = XLIFF_12.replace('<trans-unit id="link">', '<trans-unit id="greeting">')
    expect(() => xliffHandler.parse(twice)).toThrow(/appears twice/)
  })
})

describe("XLIFF golden set", () => {
  const folder = join(import.meta.dirname, "../../golden/xliff")
  const files = readdirSync(folder).map(
    (name) => [name, readFileSync(join(folder, name), "utf8")] as const,
  )

  it("holds Angular-style 1.2 and 2.0 files and a CAT tool's part-translated French file", () => {
    const counts = Object.fromEntries(
      files.map(([name, content]) => [name, xliffHandler.parse(content).units.length]),
    )
    expect(counts).toEqual({ "cat-tool.xlf": 60, "messages-2.0.xlf": 91, "messages.xlf": 92 })
    const cat = xliffHandler.parse(files.find(([name]) => name === "cat-tool.xlf")![1])
    expect(cat.units.filter((u) => u.target)).toHaveLength(8)
    expect(cat.units.find((u) => u.key === "auth.sign_up.terms")).toMatchObject({
      source:
        "By signing up you agree to our <bpt1/>Terms of Service<ept2/> and <bpt3/>Privacy Policy<ept4/>.",
      target:
        "En vous inscrivant, vous acceptez nos <bpt1/>conditions d’utilisation<ept2/> et notre <bpt3/>politique de confidentialité<ept4/>.",
    })
  })

  it.each(files)("%s round-trips pseudo-translations with every inline tag kept", (_, content) => {
    const file = xliffHandler.parse(content)
    const translations = new Map(file.units.map((u) => [u.key, { text: `⟦${u.source} & <b>⟧` }]))
    const out = xliffHandler.render(file, translations, { targetLanguage: "he" })
    const again = xliffHandler.parse(out)
    expect(again.units.map((u) => u.source)).toEqual(file.units.map((u) => u.source))
    expect(again.units.map((u) => u.target)).toEqual(
      file.units.map((u) => translations.get(u.key)!.text),
    )
    // untranslated into the language it names (or a first one), the file is unchanged but for that name
    const named = /(?:target-language|trgLang)="([^"]+)"/.exec(content)?.[1]
    const untouched = xliffHandler.render(file, new Map(), { targetLanguage: named ?? "he" })
    expect(untouched.replace(/ (target-language|trgLang)="he"/g, "")).toBe(content)
  })

  it.each(files.flatMap(([name, content]) => ["ru", "he"].map((l) => [name, l, content] as const)))(
    "%s goes through segments into %s with no violation and reads back",
    (_, language, content) => {
      const file = xliffHandler.parse(content)
      const translations = new Map(file.units.map((u) => [u.key, throughSegments(u, language)]))
      const again = xliffHandler.parse(
        xliffHandler.render(file, translations, { targetLanguage: language }),
      )
      const tags = (text: string) =>
        new Set(findProtectedTokens(text).flatMap((t) => (t.kind === "tag" ? [t.text] : [])))
      for (const [i, unit] of again.units.entries()) {
        // every inline tag of the source, as a tag, and the target as assembled
        expect(tags(unit.target as string), unit.key).toEqual(tags(file.units[i]!.source))
        expect(unit.target).toBe(translations.get(unit.key)!.text)
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
