import { describe, expect, it } from "vitest"

import { culturalizeCost, culturalizeRequestSchema, culturalizeResponseSchema } from "./culturalize"
import { NO_TARGET_LANGUAGE } from "./request-languages"

const valid = { text: "Hello", language: "German", language_code: "DE", tool: "dashboard" }

function issues(input: unknown) {
  const result = culturalizeRequestSchema.safeParse(input)
  if (result.success) throw new Error("expected the input to be refused")
  return result.error.issues
}

describe("culturalizeRequestSchema", () => {
  it("accepts a minimal request and trims the text and language fields", () => {
    const parsed = culturalizeRequestSchema.parse({
      ...valid,
      text: "  Hello  ",
      language: " German ",
      language_code: " PT-BR ",
    })
    expect(parsed).toEqual({
      ...valid,
      language: "German",
      language_code: "PT-BR",
    })
  })

  it("reads Nativ's SDK requests: formality levels, DeepL's aliases, context and max_characters", () => {
    for (const formality of ["very_informal", "informal", "neutral", "formal", "very_formal"])
      expect(culturalizeRequestSchema.parse({ ...valid, formality }).formality).toBe(formality)
    expect(culturalizeRequestSchema.parse({ ...valid, formality: "prefer_more" }).formality).toBe(
      "formal",
    )
    expect(culturalizeRequestSchema.parse({ ...valid, formality: "prefer_less" }).formality).toBe(
      "informal",
    )
    expect(issues({ ...valid, formality: "casual" })[0]?.message).toBe(
      "formality must be one of very_informal, informal, neutral, formal, very_formal (or DeepL's prefer_more, prefer_less)",
    )
    expect(issues({ ...valid, context: "x".repeat(2_001) })[0]?.message).toBe(
      "context can be at most 2,000 characters",
    )
    expect(issues({ ...valid, max_characters: 0 })[0]?.message).toBe(
      "max_characters must be at least 1",
    )
    expect(issues({ ...valid, max_characters: 2.5 })[0]?.message).toBe(
      "max_characters must be a whole number",
    )
    const sdk = culturalizeRequestSchema.parse({
      text: "Hello",
      language: "French",
      source_language: "English",
      source_language_code: "en",
      tool: "api",
      include_tm_info: true,
      backtranslate: false,
      include_rationale: true,
      context: "  ",
    })
    expect(sdk).toMatchObject({ include_tm_info: true, include_rationale: true })
    expect(sdk.language_code).toBeUndefined()
    expect(sdk.context).toBeUndefined()
  })

  it("refuses text that is empty after trimming with a message asking for text", () => {
    expect(issues({ ...valid, text: " \n\t " })[0]).toMatchObject({
      path: ["text"],
      message: "Please enter the text to culturalize",
    })
  })

  it("accepts exactly 20,000 characters and refuses 20,001 with a message naming the limit", () => {
    expect(culturalizeRequestSchema.safeParse({ ...valid, text: "a".repeat(20_000) }).success).toBe(
      true,
    )
    expect(issues({ ...valid, text: "a".repeat(20_001) })[0]).toMatchObject({
      path: ["text"],
      code: "too_big",
      message: "The text is 20,001 characters long; the limit is 20,000 characters",
    })
  })

  it("counts an emoji as one character towards the limit", () => {
    expect(
      culturalizeRequestSchema.safeParse({ ...valid, text: "😀".repeat(20_000) }).success,
    ).toBe(true)
  })

  it("refuses empty language fields, naming each", () => {
    const found = issues({ text: "x", tool: "api", language: "", language_code: "  " })
    expect(found.map((i) => [i.path[0], i.message])).toEqual([
      ["language", "language cannot be empty"],
      ["language_code", "language_code cannot be empty"],
    ])
  })

  it("needs the target as a name, a code or DeepL's target_lang, and names the fields when none is sent", () => {
    expect(issues({ text: "x" }).map((i) => [i.path[0], i.message])).toEqual([
      ["language", NO_TARGET_LANGUAGE],
    ])
    for (const target of [{ language: "Japanese" }, { language_code: "ja" }, { target_lang: "JA" }])
      expect(culturalizeRequestSchema.safeParse({ text: "x", ...target }).success).toBe(true)
    expect(
      culturalizeRequestSchema.parse({ text: "x", target_lang: "DE", source_lang: "EN" }),
    ).toMatchObject({ target_lang: "DE", source_lang: "EN" })
  })

  it("refuses a language_code with spaces or punctuation", () => {
    expect(issues({ ...valid, language_code: "de de" })[0]?.path).toEqual(["language_code"])
  })

  it("accepts only the known tools (the MCP server's included) and names them when refusing", () => {
    for (const tool of ["dashboard", "figma", "photoshop", "api", "mcp"])
      expect(culturalizeRequestSchema.safeParse({ ...valid, tool }).success).toBe(true)
    expect(issues({ ...valid, tool: "sketch" })[0]?.message).toBe(
      "tool must be one of dashboard, figma, photoshop, api, mcp",
    )
  })

  it("accepts a glossary given as pairs and trims the terms", () => {
    const parsed = culturalizeRequestSchema.parse({
      ...valid,
      glossary: [{ source: " Sign in ", target: "Anmelden " }],
    })
    expect(parsed.glossary).toEqual([{ source: "Sign in", target: "Anmelden" }])
  })

  it("accepts a glossary given as CSV text and parses it to pairs", () => {
    const parsed = culturalizeRequestSchema.parse({
      ...valid,
      glossary: "source,target\nSign in,Anmelden\n",
    })
    expect(parsed.glossary).toEqual([{ source: "Sign in", target: "Anmelden" }])
  })

  it("refuses a glossary pair with an empty target, pointing at the entry", () => {
    expect(issues({ ...valid, glossary: [{ source: "a", target: " " }] })[0]).toMatchObject({
      path: ["glossary", 0, "target"],
      message: "A glossary target cannot be empty",
    })
  })

  it("refuses CSV without the header with the parser's message", () => {
    expect(issues({ ...valid, glossary: "word,meaning\na,b" })[0]).toMatchObject({
      path: ["glossary"],
      message:
        'The glossary CSV must start with the header row source,target (found "word,meaning")',
    })
  })

  it("reads the SDKs' inline glossary header term,translation", () => {
    expect(
      culturalizeRequestSchema.parse({ ...valid, glossary: "term,translation\nbrand,marque" })
        .glossary,
    ).toEqual([{ source: "brand", target: "marque" }])
  })

  it("refuses a glossary that is neither a list nor text", () => {
    expect(issues({ ...valid, glossary: 42 })[0]?.message).toBe(
      "The glossary must be a list of {source, target} pairs or CSV text with a source,target header",
    )
  })

  it("accepts 5,000 glossary entries and refuses 5,001, as pairs and as CSV", () => {
    const pairs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ source: `s${i}`, target: `t${i}` }))
    const csv = (n: number) =>
      ["source,target", ...pairs(n).map((p) => `${p.source},${p.target}`)].join("\n")
    expect(culturalizeRequestSchema.safeParse({ ...valid, glossary: pairs(5_000) }).success).toBe(
      true,
    )
    expect(culturalizeRequestSchema.safeParse({ ...valid, glossary: csv(5_000) }).success).toBe(
      true,
    )
    for (const glossary of [pairs(5_001), csv(5_001)])
      expect(issues({ ...valid, glossary })[0]?.message).toBe(
        "The glossary can have at most 5,000 entries",
      )
  })

  it("accepts an optional file_id from a plugin", () => {
    expect(
      culturalizeRequestSchema.parse({ ...valid, tool: "figma", file_id: "aBc123" }).file_id,
    ).toBe("aBc123")
  })
})

describe("culturalizeResponseSchema", () => {
  it("accepts a response with and without a note", () => {
    const response = {
      translated_text: "Hallo",
      language: "German",
      language_code: "DE",
      cost: 1,
      credits_remaining: 99,
      engine: "offline",
      operation_id: "0b7c3c1e-1f7a-4f5e-9a53-2b2d7e0c9a11",
    }
    expect(culturalizeResponseSchema.parse(response)).toEqual(response)
    expect(culturalizeResponseSchema.parse({ ...response, note: "n" }).note).toBe("n")
    expect(culturalizeResponseSchema.safeParse({ ...response, engine: "deepl" }).success).toBe(
      false,
    )
  })
})

describe("culturalizeCost", () => {
  it.each([
    [1, 1],
    [99, 1],
    [100, 1],
    [101, 2],
    [200, 2],
    [20_000, 200],
  ])("charges %i characters %i credits at the default rate", (length, credits) => {
    expect(culturalizeCost("x".repeat(length))).toBe(credits)
  })

  it("charges at least one block for empty text", () => {
    expect(culturalizeCost("")).toBe(1)
  })

  it("multiplies by the configured rate per 100 characters", () => {
    expect(culturalizeCost("x".repeat(250), 3)).toBe(9)
  })

  it("counts code points, so 100 emoji cost one block", () => {
    expect(culturalizeCost("😀".repeat(100))).toBe(1)
  })

  it("refuses a rate that is not a positive integer", () => {
    expect(() => culturalizeCost("x", 0)).toThrow(RangeError)
  })
})
