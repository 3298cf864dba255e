import { describe, expect, it } from "vitest"

import { BATCH_ACTION, BATCH_CHARACTERS_MAX, BATCH_ITEMS_MAX } from "@nativ/contracts"

import type { BatchRequest, ShortenRequest } from "../api"
import * as core from "../batching"
import { CancelToken, localizeTexts, planBatches, translationFor } from "../batching"
import { InsufficientCreditsError, PluginError } from "../errors"

/** An in-memory stand-in for the API client: records each call, answers "<code>:<text>". */
function recordingApi(
  options: {
    refuseAfter?: number
    onBatch?: (n: number) => void
    drop?: string
    /** A text the translation memory holds: answered free and marked from_memory. */
    remembered?: string
  } = {},
) {
  const batches: BatchRequest[] = []
  const singles: ShortenRequest[] = []
  return {
    batches,
    singles,
    async culturalizeBatch(body: BatchRequest) {
      if (options.refuseAfter !== undefined && batches.length >= options.refuseAfter)
        throw new InsufficientCreditsError("Not enough credits", 500, 10)
      batches.push(body)
      options.onBatch?.(batches.length)
      return {
        results: body.items.map((item) => ({
          id: item.id,
          translated_text:
            item.text === options.drop ? "lost it" : `${body.language_code}:${item.text}`,
          cost: item.text === options.remembered ? 0 : 1,
          from_memory: item.text === options.remembered,
        })),
        cost: body.items.filter((item) => item.text !== options.remembered).length,
        credits_remaining: 1000,
        operation_id: `op-${batches.length}`,
      }
    },
    async shorten(body: ShortenRequest) {
      singles.push(body)
      if (body.max_characters < 3)
        throw new PluginError("request", "It cannot fit", 422, "max_characters_exceeded")
      return { text: `${body.language_code}:${body.text}`.slice(0, body.max_characters), cost: 1 }
    },
  }
}

const settings = { tool: "figma" as const, fileId: "file-1", context: "Checkout" }
const languages = [
  { name: "French", code: "FR" },
  { name: "German", code: "DE" },
]

describe("planBatches", () => {
  it("uses the server's limits", () => {
    expect([core.BATCH_ITEMS_MAX, core.BATCH_CHARACTERS_MAX]).toEqual([
      BATCH_ITEMS_MAX,
      BATCH_CHARACTERS_MAX,
    ])
    expect(BATCH_ACTION).toBe("translate_layers")
  })

  it("puts a thousand short texts in two batches of 500", () => {
    const texts = Array.from({ length: 1000 }, (_, i) => `Label ${i}`)
    expect(planBatches(texts).map((b) => b.length)).toEqual([500, 500])
  })

  it("starts a new batch before 100,000 characters", () => {
    const texts = Array.from({ length: 5 }, () => "x".repeat(30_000))
    expect(planBatches(texts).map((b) => b.length)).toEqual([3, 2])
  })
})

describe("localizeTexts", () => {
  it("sends each distinct text once per language, with the file, tool and context", async () => {
    const api = recordingApi()
    const sources = [
      { id: "1", text: "Buy now" },
      { id: "2", text: "Buy now" },
      { id: "3", text: "Hello {name}" },
      { id: "4", text: "   " },
    ]
    const outcome = await localizeTexts(api, sources, languages, settings)
    expect(api.batches).toHaveLength(2)
    expect(api.batches[0]).toMatchObject({
      language: "French",
      language_code: "FR",
      tool: "figma",
      context: "Checkout",
      items: [
        { text: "Buy now", file_id: "file-1" },
        { text: "Hello {name}", file_id: "file-1" },
      ],
    })
    expect(translationFor(outcome, "DE", sources[1]!)).toBe("DE:Buy now")
    expect(outcome.creditsSpent).toBe(4)
    expect(outcome.operationIds).toEqual(["op-1", "op-2"])
  })

  it("counts the translations the server answered from memory, once per text and language", async () => {
    const api = recordingApi({ remembered: "Buy now" })
    const sources = [
      { id: "1", text: "Buy now" },
      { id: "2", text: "Buy now" },
      { id: "3", text: "Checkout" },
    ]
    const outcome = await localizeTexts(api, sources, languages, settings)
    expect(outcome).toMatchObject({ fromMemory: 2, creditsSpent: 2 })
  })

  it("sends a layer's character limit with the text, alone", async () => {
    const api = recordingApi()
    const sources = [{ id: "1", text: "Continue to payment", maxCharacters: 8 }]
    const outcome = await localizeTexts(api, sources, languages.slice(0, 1), settings)
    expect(api.batches).toHaveLength(0)
    expect(api.singles[0]).toMatchObject({ text: "Continue to payment", max_characters: 8 })
    expect(translationFor(outcome, "FR", sources[0]!)).toBe("FR:Conti")
  })

  it("leaves a text that cannot fit its limit, and says so", async () => {
    const api = recordingApi()
    const outcome = await localizeTexts(
      api,
      [{ id: "1", text: "Continue", maxCharacters: 2 }],
      languages.slice(0, 1),
      settings,
    )
    expect(outcome.translations.get("FR")?.size).toBe(0)
    expect(outcome.skipped).toEqual([{ code: "FR", source: "Continue", reason: "It cannot fit" }])
  })

  it("keeps the original when a translation loses a placeholder", async () => {
    const api = recordingApi({ drop: "Hi {name}" })
    const outcome = await localizeTexts(
      api,
      [{ id: "1", text: "Hi {name}" }],
      languages.slice(0, 1),
      settings,
    )
    expect(outcome.translations.get("FR")?.has("Hi {name}")).toBe(false)
    expect(outcome.skipped[0]?.reason).toContain("{name} is missing")
  })

  it("stops after the current batch on Cancel, keeping what finished", async () => {
    const cancel = new CancelToken()
    const api = recordingApi({ onBatch: (n) => n === 3 && cancel.cancel() })
    const texts = Array.from({ length: 600 }, (_, i) => ({ id: String(i), text: `Text ${i}` }))
    const progress: number[] = []
    const outcome = await localizeTexts(api, texts, languages, settings, {
      cancel,
      onProgress: (p) => progress.push(p.batchesDone),
    })
    expect(outcome.cancelled).toBe(true)
    expect(api.batches).toHaveLength(3)
    expect(outcome.batchesSent).toBe(3)
    expect(outcome.creditsSpent).toBe(500 + 100 + 500)
    expect(outcome.translations.get("DE")?.size).toBe(500)
    expect(Math.max(...progress)).toBe(3)
  })

  it("throws a 402 with the work already done attached", async () => {
    const api = recordingApi({ refuseAfter: 1 })
    const error = await localizeTexts(api, [{ id: "1", text: "Hi" }], languages, settings).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InsufficientCreditsError)
    expect((error as { partial: core.LocalizeOutcome }).partial.batchesSent).toBe(1)
  })
})
