import { describe, expect, it } from "vitest"

import { resolveCulture } from "./cultures"
import { createOfflineEngine } from "./offline-engine"
import { joinPieces } from "./pieces"
import { adaptQuotes } from "./typography"

const NBSP = "\u00A0"
const engine = createOfflineEngine()

async function run(languageCode: string, text: string) {
  const result = await engine.culturalize({
    text,
    language: languageCode,
    languageCode,
    glossary: [],
  })
  return result.text
}

describe("quotation marks and escaped quotes", () => {
  it("keeps a backslash-escaped quote as written, so a PO or JSON string stays valid", async () => {
    // What Nativ's GitHub Action sends for a PO entry: the msgid with its escapes.
    const po = String.raw`Click \"Save\" to keep your changes`
    expect(await run("FR", po)).toBe(po)
    expect(await run("DE", po)).toBe(po)
    expect(await run("JA", po)).toBe(po)
  })

  it("still adapts real quotes beside escaped ones, pairing only the unescaped", async () => {
    const text = String.raw`Say "hi" to \"Bob\" now`
    expect(await run("DE", text)).toBe(String.raw`Say „hi“ to \"Bob\" now`)
    expect(await run("FR", text)).toBe(String.raw`Say «${NBSP}hi${NBSP}» to \"Bob\" now`)
  })

  it('treats a quote after an escaped backslash (\\\\") as a real quote', async () => {
    const text = String.raw`Path C:\\"Docs" here`
    expect(await run("DE", text)).toBe(String.raw`Path C:\\„Docs“ here`)
  })

  it("leaves an escaped curly quote alone too", async () => {
    expect(await run("DE", "a \\“b\\” c")).toBe("a \\“b\\” c")
  })

  it("sees a backslash that ends the previous piece", () => {
    const culture = resolveCulture("DE", "")!
    const pieces = [
      { text: "say \\", fixed: false },
      { text: '"no\\" to "', fixed: false },
      { text: "{name}", fixed: true },
      { text: '"', fixed: false },
    ]
    expect(joinPieces(adaptQuotes(pieces, culture))).toBe('say \\"no\\" to „{name}“')
  })
})
