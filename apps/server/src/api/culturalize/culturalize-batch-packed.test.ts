import { culturalizeCost } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  type FakeReply,
  openAiCompletion,
  openAiError,
  type RecordedRequest,
  startFakeProvider,
} from "../../engine/testing/fake-provider-server"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"

type Message = { role: string; content: string }
type Item = { id: number; text: string }
type BatchBody = { results: { id: string; translated_text: string; cost: number }[]; cost: number }

const messagesOf = (request: RecordedRequest) => request.body.messages as Message[]
const isPacked = (request: RecordedRequest) =>
  messagesOf(request)[0]!.content.includes("JSON array of items")
const itemsOf = (request: RecordedRequest) =>
  JSON.parse(messagesOf(request).at(-1)!.content) as Item[]
const german = (text: string) => `[DE] ${text}`

const batch = (texts: string[]) => ({
  items: texts.map((text, i) => ({ id: `layer-${i}`, text })),
  language: "German",
  language_code: "DE",
  tool: "figma",
})
const texts = (n: number) => Array.from({ length: n }, (_, i) => `Item {count} number ${i}`)

/**
 * culturalize-batch through a model engine, against a fake OpenAI-compatible provider: items are
 * packed into few calls, and whatever a packed answer lacks or gets wrong is asked for alone.
 */
describe("POST /text/culturalize-batch with a model engine", () => {
  let provider: FakeProvider
  let app: TestApp
  /** What the fake model answers to a packed call, given the items it was sent. */
  let answerPack: (items: Item[], n: number) => FakeReply
  let singleFails: (text: string) => boolean

  beforeAll(async () => {
    provider = await startFakeProvider((request) => {
      if (isPacked(request)) {
        const n = provider.requests.filter(isPacked).length - 1
        return answerPack(itemsOf(request), n)
      }
      const text = messagesOf(request).at(-1)!.content
      if (singleFails(text)) return openAiError(400, "bad request")
      return openAiCompletion(german(text))
    })
    app = await createApiTestApp({
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
    })
  })
  beforeEach(() => {
    provider.requests.length = 0
    answerPack = (items) =>
      openAiCompletion(JSON.stringify(items.map(({ id, text }) => ({ id, text: german(text) }))))
    singleFails = () => false
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  const calls = () => ({
    packed: provider.requests.filter(isPacked).map((r) => itemsOf(r).length),
    singles: provider.requests
      .filter((r) => !isPacked(r))
      .map((r) => messagesOf(r).at(-1)!.content),
  })
  const credits = async (userId: string) => {
    const { rows } = await sql<{ credits: number }>`
      select credits from public.users where id = ${userId}`.execute(app.deps.database.db)
    return Number(rows[0]!.credits)
  }
  const send = async (items: string[], credits = 1_000) => {
    const user = await signedInUser(app, credits)
    const res = await callApi<BatchBody>(app, "/text/culturalize-batch", {
      token: user.token,
      body: batch(items),
    })
    return { user, res }
  }

  it("packs 45 items into 3 calls of at most 20 and charges exactly as singles", async () => {
    const items = [...texts(44), "x".repeat(250)]
    const { user, res } = await send(items)
    expect(res.status).toBe(200)
    expect(calls()).toEqual({ packed: [20, 20, 5], singles: [] })
    expect(res.body.results).toEqual(
      items.map((text, i) => ({
        id: `layer-${i}`,
        translated_text: german(text),
        cost: culturalizeCost(text, app.deps.env.CREDITS_PER_100_CHARS),
        from_memory: false,
      })),
    )
    const singles = items.reduce(
      (sum, text) => sum + culturalizeCost(text, app.deps.env.CREDITS_PER_100_CHARS),
      0,
    )
    expect(res.body.cost).toBe(singles)
    expect(await credits(user.id)).toBe(1_000 - singles)
  })

  it("tells the model each item's id and text and asks for a JSON array back", async () => {
    await send(["Add to cart", "Buy"])
    const [request] = provider.requests
    expect(messagesOf(request!)[0]!.content).toContain('Reply with a JSON array only, one {"id"')
    expect(itemsOf(request!)).toEqual([
      { id: 0, text: "Add to cart" },
      { id: 1, text: "Buy" },
    ])
  })

  it("asks alone for an item the packed answer left out, repeated or broke", async () => {
    answerPack = (items) =>
      openAiCompletion(
        JSON.stringify([
          ...items.filter(({ id }) => id !== 3).map(({ id, text }) => ({ id, text: german(text) })),
          { id: 5, text: "Nochmal {count}" },
          { id: 7, text: "Ohne Platzhalter" },
          { id: 9, text: "" },
          { id: 99, text: "not an item" },
        ]),
      )
    const items = texts(12)
    const { res } = await send(items)
    expect(res.status).toBe(200)
    expect(calls()).toEqual({ packed: [12], singles: [items[3], items[5], items[7], items[9]] })
    expect(res.body.results.map((r) => r.translated_text)).toEqual(items.map(german))
  })

  it("asks alone for every item of a pack whose answer is not the JSON asked for", async () => {
    answerPack = (items, n) =>
      n === 1
        ? openAiCompletion("Sure! Here are your translations: 1. Artikel …")
        : openAiCompletion(
            "```json\n" +
              JSON.stringify(
                items.map(({ id, text }) => ({ id: String(id), text: german(text) })),
              ) +
              "\n```",
          )
    const items = texts(30)
    const { user, res } = await send(items, 100)
    expect(res.status).toBe(200)
    expect(calls().packed).toEqual([20, 10])
    expect(calls().singles.sort()).toEqual(items.slice(20).sort())
    expect(res.body.results.map((r) => r.translated_text)).toEqual(items.map(german))
    expect(await credits(user.id)).toBe(100 - 30)
  })

  it("asks alone when a packed answer was cut off", async () => {
    answerPack = () => openAiCompletion('[{"id": 0, "text": "[DE] Item', "length")
    const { res } = await send(texts(3))
    expect(res.status).toBe(200)
    expect(calls()).toEqual({ packed: [3], singles: texts(3) })
  })

  it("fails the whole batch without charging when an item fails alone too", async () => {
    answerPack = () => openAiCompletion("[]")
    singleFails = (text) => text.endsWith(" 2")
    const { user, res } = await send(texts(4), 10)
    expectApiError(res, 502, "engine_failed")
    expect(await credits(user.id)).toBe(10)
  })

  it("fails without charging, and without asking item by item, when the provider refuses the key", async () => {
    answerPack = () => openAiError(401, "bad key")
    const { user, res } = await send(texts(4), 10)
    expectApiError(res, 502, "engine_failed")
    expect(calls()).toEqual({ packed: [4], singles: [] })
    expect(await credits(user.id)).toBe(10)
  })
})
