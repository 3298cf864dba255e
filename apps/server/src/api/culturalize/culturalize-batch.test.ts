import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { EngineProviderError } from "../../engine"
import type { CulturalizeEngine } from "../../engine/types"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"

// Answers like a model would, and fails any text that asks it to, so a batch can fail midway.
const engine: CulturalizeEngine = {
  name: "offline",
  culturalize: async (input) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
    if (input.text.includes("boom")) throw new EngineProviderError("The provider failed.")
    return { text: `[${input.languageCode}] ${input.text}` }
  },
}

async function books(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; charges: number; operations: string }>`
    select u.credits,
      (select count(*)::int from public.credit_ledger l where l.user_id = u.id and l.reason = 'culturalize') as charges,
      (select coalesce(string_agg(o.action || ':' || o.cost || ':' || o.tool, ','), '') from public.operations o where o.user_id = u.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return { ...rows[0]!, credits: Number(rows[0]!.credits) }
}

const batch = (items: { id?: string; text: string }[]) => ({
  items,
  language: "German",
  language_code: "DE",
  tool: "figma",
})

describe("POST /text/culturalize-batch", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine })
  })
  afterAll(() => app.close())

  it("answers every item in order, priced as singles, with one operation and one debit", async () => {
    const user = await signedInUser(app, 10)
    const res = await callApi<{ results: unknown[]; cost: number; credits_remaining: number }>(
      app,
      "/text/culturalize-batch",
      {
        token: user.token,
        body: batch([
          { id: "1:2", text: "Add to cart" },
          { text: "x".repeat(250) },
          { id: "9", text: "Buy" },
        ]),
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.results).toEqual([
      { id: "1:2", translated_text: "[de] Add to cart", cost: 1, from_memory: false },
      { id: "1", translated_text: `[de] ${"x".repeat(250)}`, cost: 3, from_memory: false },
      { id: "9", translated_text: "[de] Buy", cost: 1, from_memory: false },
    ])
    expect(res.body).toMatchObject({ cost: 5, credits_remaining: 5 })
    expect(await books(app, user.id)).toEqual({
      credits: 5,
      charges: 1,
      operations: "translate_layers:5:figma",
    })
  })

  it("answers a text the translation memory holds exactly from it, free and marked from_memory", async () => {
    const user = await signedInUser(app, 10)
    const entry = await callApi(app, "/master-tm/entries", {
      token: user.token,
      body: {
        source_text: "Add to cart",
        target_text: "In den Warenkorb",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    expect(entry.status).toBeLessThan(300)
    const res = await callApi<{ results: unknown[]; cost: number }>(
      app,
      "/text/culturalize-batch",
      {
        token: user.token,
        body: batch([
          { id: "a", text: "Add to cart" },
          { id: "b", text: "Checkout" },
          { id: "c", text: "Add to cart" },
        ]),
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.results).toEqual([
      { id: "a", translated_text: "In den Warenkorb", cost: 0, from_memory: true },
      { id: "b", translated_text: "[de] Checkout", cost: 1, from_memory: false },
      { id: "c", translated_text: "In den Warenkorb", cost: 0, from_memory: true },
    ])
    expect(res.body.cost).toBe(1)
    expect(await books(app, user.id)).toMatchObject({ credits: 9, charges: 1 })

    // A batch wholly from memory costs nothing, even with no credits left to spend.
    const broke = await signedInUser(app, 0)
    await callApi(app, "/master-tm/entries", {
      token: broke.token,
      body: {
        source_text: "Buy",
        target_text: "Kaufen",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    const free = await callApi<{ results: unknown[]; cost: number }>(
      app,
      "/text/culturalize-batch",
      { token: broke.token, body: batch([{ text: "Buy" }]) },
    )
    expect(free.status).toBe(200)
    expect(free.body).toMatchObject({
      results: [{ translated_text: "Kaufen", cost: 0, from_memory: true }],
      cost: 0,
      credits_remaining: 0,
    })
  })

  it("refuses with 402 before any work when the balance covers all but one item", async () => {
    const user = await signedInUser(app, 4)
    const res = await callApi(app, "/text/culturalize-batch", {
      token: user.token,
      body: batch(Array.from({ length: 5 }, (_, i) => ({ text: `Item ${i}` }))),
    })
    expectApiError(res, 402, "insufficient_credits")
    expect((res.body as { detail: string }).detail).toBe(
      "Not enough credits: this batch costs 5 credits and your balance is 4. Buy credits to continue.",
    )
    expect(await books(app, user.id)).toEqual({ credits: 4, charges: 0, operations: "" })
  })

  it("charges nothing when any item fails", async () => {
    const user = await signedInUser(app, 10)
    const res = await callApi(app, "/text/culturalize-batch", {
      token: user.token,
      body: batch([{ text: "fine" }, { text: "boom" }, { text: "also fine" }]),
    })
    expectApiError(res, 502, "engine_failed")
    expect(await books(app, user.id)).toEqual({ credits: 10, charges: 0, operations: "" })
  })

  it("makes a retried batch with the same Idempotency-Key free", async () => {
    const user = await signedInUser(app, 10)
    const send = () =>
      callApi(app, "/text/culturalize-batch", {
        token: user.token,
        headers: { "Idempotency-Key": "batch-1" },
        body: batch([{ text: "One" }, { text: "Two" }]),
      })
    const [a, b] = await Promise.all([send(), send()])
    const c = await send()
    expect(a.status).toBe(200)
    expect(b.body).toEqual(a.body)
    expect(c.body).toEqual(a.body)
    expect(await books(app, user.id)).toEqual({
      credits: 8,
      charges: 1,
      operations: "translate_layers:2:figma",
    })
  })

  it("refuses more than 500 items or 100,000 characters, naming the limit", async () => {
    const user = await signedInUser(app, 10)
    const many = await callApi<{ detail: string }>(app, "/text/culturalize-batch", {
      token: user.token,
      body: batch(Array.from({ length: 501 }, () => ({ text: "a" }))),
    })
    expectApiError(many, 400, "invalid_request")
    expect(many.body.detail).toContain("A batch can have at most 500 items")
    const long = await callApi<{ detail: string }>(app, "/text/culturalize-batch", {
      token: user.token,
      body: batch(Array.from({ length: 6 }, () => ({ text: "a".repeat(20_000) }))),
    })
    expectApiError(long, 400, "invalid_request")
    expect(long.body.detail).toContain("The batch has 120,000 characters; the limit is 100,000")
    expect(await books(app, user.id)).toEqual({ credits: 10, charges: 0, operations: "" })
  })

  it("names the language as a single request does: DeepL's target_lang alone, or a refusal naming the field", async () => {
    const user = await signedInUser(app, 10)
    const items = [{ text: "Add to cart" }]
    const res = await callApi<{ results: { translated_text: string }[] }>(
      app,
      "/text/culturalize-batch",
      { token: user.token, body: { items, target_lang: "PT-BR", tool: "figma" } },
    )
    expect(res.status).toBe(200)
    expect(res.body.results[0]!.translated_text).toBe("[pt-BR] Add to cart")
    const { rows } = await sql<{ language: string }>`
      select language from public.operations where user_id = ${user.id}`.execute(
      app.deps.database.db,
    )
    expect(rows).toEqual([{ language: "Portuguese (Brazil)" }])
    const unknown = await callApi<{ detail: string }>(app, "/text/culturalize-batch", {
      token: user.token,
      body: { items, language: "Japanes", tool: "figma" },
    })
    expectApiError(unknown, 400, "invalid_request")
    expect(unknown.body.detail).toBe(
      'language "Japanes" is not a language we know; did you mean Japanese (ja)?',
    )
  })
})
