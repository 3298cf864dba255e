import { describe, expect, it } from "vitest"

import { EngineAbortedError } from "../errors"
import { createEngine } from "../index"
import type { GlossaryEntry } from "../types"
import { createOfflineEngine } from "./offline-engine"

const NBSP = "\u00A0"
const NNBSP = "\u202F"

const engine = createOfflineEngine()

async function run(
  languageCode: string,
  text: string,
  glossary: GlossaryEntry[] = [],
  language = "",
) {
  return engine.culturalize({ text, language: language || languageCode, languageCode, glossary })
}

const SENTENCES = [
  `On 12/31/2025 at 3:30 PM, drive 5 miles and pay $1,299.99 for "Summer Sale" (12.5% off)!`,
  `It weighs 2 pounds, holds 1 gallon, is 6 feet tall; 68°F inside. Total: 1,234,567.89 units.`,
  `Launch: December 31, 2025.`,
]

/** The same three sentences adapted to each culture, exactly as the engine must write them. */
const EXPECTED: Record<string, [string, string, string]> = {
  DE: [
    `On 31.12.2025 at 15:30, drive 8 km and pay 1.299,99${NBSP}$ for „Summer Sale“ (12,5${NBSP}% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1.234.567,89 units.`,
    `Launch: 31. Dezember 2025.`,
  ],
  FR: [
    `On 31/12/2025 at 15:30, drive 8${NNBSP}km and pay 1${NNBSP}299,99${NBSP}$ for «${NBSP}Summer Sale${NBSP}» (12,5${NBSP}% off)${NNBSP}!`,
    `It weighs 907${NNBSP}g, holds 3,8${NNBSP}l, is 1,8${NNBSP}m tall${NNBSP}; 20${NNBSP}°C inside. Total${NBSP}: 1${NNBSP}234${NNBSP}567,89 units.`,
    `Launch${NBSP}: 31 décembre 2025.`,
  ],
  ES: [
    `On 31/12/2025 at 15:30, drive 8 km and pay 1299,99${NBSP}$ for «Summer Sale» (12,5${NBSP}% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1.234.567,89 units.`,
    `Launch: 31 de diciembre de 2025.`,
  ],
  IT: [
    `On 31/12/2025 at 15:30, drive 8 km and pay 1299,99${NBSP}$ for «Summer Sale» (12,5% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1.234.567,89 units.`,
    `Launch: 31 dicembre 2025.`,
  ],
  "PT-PT": [
    `On 31/12/2025 at 15:30, drive 8 km and pay 1299,99${NBSP}$ for «Summer Sale» (12,5% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1${NBSP}234${NBSP}567,89 units.`,
    `Launch: 31 de dezembro de 2025.`,
  ],
  "PT-BR": [
    `On 31/12/2025 at 15:30, drive 8 km and pay $${NBSP}1.299,99 for “Summer Sale” (12,5% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1.234.567,89 units.`,
    `Launch: 31 de dezembro de 2025.`,
  ],
  NL: [
    `On 31-12-2025 at 15:30, drive 8 km and pay $${NBSP}1.299,99 for “Summer Sale” (12,5% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20°C inside. Total: 1.234.567,89 units.`,
    `Launch: 31 december 2025.`,
  ],
  PL: [
    `On 31.12.2025 at 15:30, drive 8 km and pay 1299,99${NBSP}$ for „Summer Sale” (12,5% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20°C inside. Total: 1${NBSP}234${NBSP}567,89 units.`,
    `Launch: 31 grudnia 2025.`,
  ],
  SV: [
    `On 2025-12-31 at 15:30, drive 8 km and pay 1${NBSP}299,99${NBSP}$ for ”Summer Sale” (12,5${NBSP}% off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20 °C inside. Total: 1${NBSP}234${NBSP}567,89 units.`,
    `Launch: 31 december 2025.`,
  ],
  JA: [
    `On 2025/12/31 at 15:30, drive 8 km and pay $1,299.99 for 「Summer Sale」 (12.5% off)!`,
    `It weighs 907 g, holds 3.8 L, is 1.8 m tall; 20°C inside. Total: 1,234,567.89 units.`,
    `Launch: 2025年12月31日.`,
  ],
  ZH: [
    `On 2025/12/31 at 15:30, drive 8公里 and pay $1,299.99 for “Summer Sale” (12.5% off)!`,
    `It weighs 907 g, holds 3.8升, is 1.8米 tall; 20°C inside. Total: 1,234,567.89 units.`,
    `Launch: 2025年12月31日.`,
  ],
  KO: [
    `On 2025. 12. 31. at 3:30 PM, drive 8km and pay $1,299.99 for “Summer Sale” (12.5% off)!`,
    `It weighs 907g, holds 3.8L, is 1.8m tall; 20°C inside. Total: 1,234,567.89 units.`,
    `Launch: 2025년 12월 31일.`,
  ],
  RU: [
    `On 31.12.2025 at 15:30, drive 8 км and pay 1${NBSP}299,99${NBSP}$ for «Summer Sale» (12,5${NBSP}% off)!`,
    `It weighs 907 г, holds 3,8 л, is 1,8 м tall; 20 °C inside. Total: 1${NBSP}234${NBSP}567,89 units.`,
    `Launch: 31 декабря 2025 г.`,
  ],
  TR: [
    `On 31.12.2025 at 15:30, drive 8 km and pay $1.299,99 for “Summer Sale” (%12,5 off)!`,
    `It weighs 907 g, holds 3,8 l, is 1,8 m tall; 20°C inside. Total: 1.234.567,89 units.`,
    `Launch: 31 Aralık 2025.`,
  ],
  "EN-GB": [
    `On 31/12/2025 at 3:30 PM, drive 5 miles and pay $1,299.99 for ‘Summer Sale’ (12.5% off)!`,
    `It weighs 907 g, holds 3.8 l, is 6 feet tall; 20°C inside. Total: 1,234,567.89 units.`,
    `Launch: 31 December 2025.`,
  ],
  "EN-US": [...SENTENCES] as [string, string, string],
}

describe("offline engine: culture conventions per language", () => {
  for (const [code, expected] of Object.entries(EXPECTED))
    it(`adapts numbers, currency, dates, units and quotes for ${code}`, async () => {
      const results = await Promise.all(SENTENCES.map((text) => run(code, text)))
      expect(results.map((r) => r.text)).toEqual(expected)
    })
})

describe("offline engine: conversions", () => {
  it.each([
    ["5-10 miles", "8–16 km"],
    ["5 to 10 miles", "8–16 km"],
    ["0.5 miles", "0,8 km"],
    ["60 mph", "97 km/h"],
    ["1 foot", "30 cm"],
    ["12 inches", "30 cm"],
    ["100 inches", "2,5 m"],
    ["1 pound", "454 g"],
    ["5 lbs", "2,3 kg"],
    ["8 oz", "227 g"],
    ["64 ounces", "1,8 kg"],
    ["5 fl oz", `148${NBSP}ml`],
    ["2 gallons", "7,6 l"],
    ["-40°F", "-40 °C"],
    ["98.6 °F", "37 °C"],
    ["32 degrees Fahrenheit", "0 °C"],
    ["50 to 60 °F", "10–16 °C"],
    ["10 pounds sterling", "10 pounds sterling"],
    ["a 5-mile run", "a 5-mile run"],
  ])("converts %j to %j for German", async (input, output) => {
    expect((await run("DE", input)).text).toBe(output)
  })

  it.each([
    ["7/4/2025", "04.07.2025"],
    ["3/4/25", "04.03.25"],
    ["2/29/2024", "29.02.2024"],
    ["2/30/2024", "2/30/2024"],
    ["13/45/2025", "13/45/2025"],
    ["1/2 cup", "1/2 cup"],
    ["Dec. 5", "5. Dez."],
    ["May 5th", "5. Mai"],
    ["July 2025", "Juli 2025"],
    ["12 AM", "00:00"],
    ["12:15 pm", "12:15"],
    ["at 9 a.m. Then", "at 09:00. Then"],
    ["until 5 p.m.", "until 17:00."],
  ])("writes the date or time %j as %j for German", async (input, output) => {
    expect((await run("DE", input)).text).toBe(output)
  })

  it.each([
    ["IP 192.168.1.1", "IP 192.168.1.1"],
    ["v1.2.3 and version 2.0", "v1.2.3 and version 2.0"],
    ["iOS 17.2", "iOS 17.2"],
    ["in 2025 we sold 12500 units", "in 2025 we sold 12500 units"],
    ["1,5 is already German", "1,5 is already German"],
    ["$5 million and $2.5M", "$5 million and $2.5M"],
    ["€20, -$5, £3.50, ¥1,000", `20${NBSP}€, -5${NBSP}$, 3,50${NBSP}£, 1.000${NBSP}¥`],
    ["3.14159", "3,14159"],
  ])("treats the number in %j as %j for German", async (input, output) => {
    expect((await run("DE", input)).text).toBe(output)
  })

  it("applies French punctuation spacing only where a clause ends", async () => {
    const { text } = await run("FR", `Note: 15:30, ratio 3:1, smile :) Really?! Yes ; no ! (why?)`)
    expect(text).toBe(
      `Note${NBSP}: 15:30, ratio 3:1, smile :) Really${NNBSP}?! Yes${NNBSP}; no${NNBSP}! (why${NNBSP}?)`,
    )
  })

  it("converts curly quotes and leaves an unpaired straight quote alone", async () => {
    expect((await run("DE", `“Hi” and 5" screen`)).text).toBe(`„Hi“ and 5" screen`)
  })
})

describe("offline engine: what it never touches", () => {
  it("keeps placeholders, tags, URLs, emails and entities exactly", async () => {
    const text =
      'Hi {name}, {{count}} items cost $1,000.50 &amp; more — <a href="https://example.com/p?x=1.5">12.5 miles</a>, ' +
      "https://example.com/a/1,234.5 or sales@example.com; %1$d of %s at 3.5% and ${total}"
    const { text: output } = await run("DE", text)
    expect(output).toBe(
      `Hi {name}, {{count}} items cost 1.000,50${NBSP}$ &amp; more — <a href="https://example.com/p?x=1.5">20 km</a>, ` +
        `https://example.com/a/1,234.5 or sales@example.com; %1$d of %s at 3,5${NBSP}% and \${total}`,
    )
  })

  it("does not put French spaces inside links or placeholders", async () => {
    const { text } = await run("FR", "Voir http://x.fr/?a=1&b=2! {a:b} <b>Oui</b>!")
    expect(text).toBe(`Voir http://x.fr/?a=1&b=2${NNBSP}! {a:b} <b>Oui</b>${NNBSP}!`)
  })
})

describe("offline engine: glossary and note", () => {
  const glossary = [
    { source: "Sign in", target: "Anmelden" },
    { source: "dashboard", target: "Übersicht" },
  ]

  it("applies the glossary with the matched case, then the culture's conventions", async () => {
    const result = await run(
      "DE",
      "Sign in to the Dashboard. SIGN IN costs $5.50; sign in now",
      glossary,
    )
    expect(result.text).toBe("Anmelden to the Übersicht. ANMELDEN costs 5,50\u00A0$; anmelden now")
    expect(result.note).toBe(
      "Offline engine: applied the glossary and German (de-DE) conventions for numbers, dates, currency, units and quotation marks. The words were kept as written: this Nativ server runs without a translation model. To have the words translated too, ask whoever runs it to connect one.",
    )
  })

  it("does not reformat a glossary target that looks like a number", async () => {
    const result = await run("DE", "Upgrade to Pro now", [{ source: "Pro", target: "Pro 2.0" }])
    expect(result.text).toBe("Upgrade to Pro 2.0 now")
  })

  it("applies only the glossary for an unknown language and says so", async () => {
    const result = await run("TLH", "Sign in on 12/31/2025", glossary, "Klingon")
    expect(result).toEqual({
      text: "Anmelden on 12/31/2025",
      note: "Offline engine: no formatting conventions are known for Klingon (TLH), so only the glossary was applied. The words were kept as written: this Nativ server runs without a translation model. To have the words translated too, ask whoever runs it to connect one.",
    })
  })

  it("says an unknown language's text is returned unchanged when no term matched", async () => {
    const result = await run("TLH", "Hello", [], "Klingon")
    expect(result.text).toBe("Hello")
    expect(result.note).toContain("the text was returned unchanged")
  })

  it("says US English needs no formatting changes", async () => {
    const result = await run("EN-US", "Pay $5.50", [])
    expect(result).toEqual({
      text: "Pay $5.50",
      note: "Offline engine: the text already follows English (en-US) conventions. The words were kept as written: this Nativ server runs without a translation model. To have the words translated too, ask whoever runs it to connect one.",
    })
  })

  it("falls back to the language name when the code is unknown", async () => {
    expect((await run("XX", "3.5", [], "Deutsch")).text).toBe("3,5")
  })

  it("is what createEngine builds by default", async () => {
    const fallback = createEngine()
    expect(fallback.name).toBe("offline")
    const result = await fallback.culturalize({
      text: "3.5",
      language: "French",
      languageCode: "fr",
      glossary: [],
    })
    expect(result.text).toBe("3,5")
  })
})

describe("offline engine: abort", () => {
  it("turns an aborted signal into an EngineAbortedError", async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      engine.culturalize(
        { text: "x", language: "German", languageCode: "DE", glossary: [] },
        controller.signal,
      ),
    ).rejects.toBeInstanceOf(EngineAbortedError)
  })
})

describe("offline engine: size", () => {
  // Its speed is measured by the bench; the bound here only catches a glossary lookup gone
  // quadratic (minutes), with room for a CI machine's load (it takes under a second alone).
  it("culturalizes 20,000 characters with a 5,000-entry glossary without slowing down per term", async () => {
    const glossary = Array.from({ length: 5_000 }, (_, i) => ({
      source: `term${i}`,
      target: `T${i}`,
    }))
    const sentence = 'Pay $1,299.99 by 12/31/2025 for 5 miles of "term42" at {name}; '
    const text = sentence.repeat(Math.floor(20_000 / sentence.length))
    const started = performance.now()
    const result = await run("FR", text, glossary)
    expect(performance.now() - started).toBeLessThan(20_000)
    expect(result.text).toContain(
      `1${NNBSP}299,99${NBSP}$ by 31/12/2025 for 8${NNBSP}km of «${NBSP}T42${NBSP}» at {name}${NNBSP};`,
    )
  })
})
