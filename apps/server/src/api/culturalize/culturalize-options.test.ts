import { sql } from "kysely"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  openAiCompletion,
  type RecordedRequest,
  startFakeProvider,
} from "../../engine/testing/fake-provider-server"
import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { SdkError, sdkClient, translateBody } from "../sdk-client"

type Message = { role: string; content: string }
const messagesOf = (request: RecordedRequest) => request.body.messages as Message[]
const systemOf = (request: RecordedRequest) => messagesOf(request)[0]!.content

/**
 * Culturalize's options through a model engine, against a fake OpenAI-compatible provider that
 * records what the model is told: tone, context, length, style, translation memory, and the
 * follow-up calls for the rationale and the back-translation; then free repeats from memory.
 */
describe("culturalize options with a model engine", () => {
  let provider: FakeProvider
  let app: TestApp
  let owner: ApiUser
  let sdk: ReturnType<typeof sdkClient>
  /** What the fake model answers to the n-th translation call of a test. */
  let translate: (n: number, request: RecordedRequest) => string
  let translations: RecordedRequest[]

  beforeAll(async () => {
    provider = await startFakeProvider((request) => {
      const system = systemOf(request)
      if (system.includes("explaining your work to a reviewer"))
        return openAiCompletion("- Used the informal du for a friendly tone.")
      if (system.startsWith("Translate the user's")) return openAiCompletion("Grab our deal now")
      translations.push(request)
      return openAiCompletion(translate(translations.length - 1, request))
    })
    app = await createApiTestApp({
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
    })
    owner = await signedInUser(app, 1_000)
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "options" },
    })
    sdk = sdkClient(app, key.body.key)
  })
  beforeEach(() => {
    translations = []
    translate = () => "Schnapp dir unseren Deal"
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  const balance = async () => {
    const { rows } = await sql<{ credits: number }>`
      select credits from public.users where id = ${owner.id}`.execute(app.deps.database.db)
    return Number(rows[0]!.credits)
  }

  it("tells the model the tone, context and length, and the language's own formality and style", async () => {
    const { data } = await clientWithToken(app, owner.token)
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language: "German", language_code: "DE" })
      .select("id")
      .single()
    const id = (data as { id: string }).id
    await sdk("PATCH", `/user/languages/${id}/formality`, { json: { formality: "very_formal" } })
    await sdk("PATCH", `/user/languages/${id}/custom-style`, {
      json: { custom_style: "Use Sie; keep English product names." },
    })

    await sdk("POST", "/text/culturalize", {
      json: translateBody("Grab our deal", "German", {
        context: "Banner on the pricing page",
        maxCharacters: 60,
        includeRationale: false,
      }),
    })
    const system = systemOf(translations[0]!)
    expect(system).toContain("Culturalize the user's English text for readers of German (de)")
    expect(system).toContain("Tone: very formal")
    expect(system).toContain('"Banner on the pricing page"')
    expect(system).toContain("at most 60 characters")
    expect(system).toContain("For German:\nUse Sie; keep English product names.")

    // The request's own formality wins over the language's.
    await sdk("POST", "/text/culturalize", {
      json: translateBody("Grab our deal!", "German", {
        formality: "informal",
        includeRationale: false,
      }),
    })
    expect(systemOf(translations[1]!)).toContain("Tone: informal")
    expect(systemOf(translations[1]!)).not.toContain("Tone: very formal")
  })

  it("applies the account's entry to a request naming its language another way or a region of it", async () => {
    const { data } = await clientWithToken(app, owner.token)
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language: "Français", language_code: "FR" })
      .select("id")
      .single()
    const id = (data as { id: string }).id
    await sdk("PATCH", `/user/languages/${id}/formality`, { json: { formality: "very_formal" } })
    await sdk("PATCH", `/user/languages/${id}/custom-style`, {
      json: { custom_style: "Vouvoyez toujours." },
    })
    const { language: _, ...body } = translateBody("Grab our deal", "", { includeRationale: false })
    for (const languages of [
      { language: "French" },
      { language: "Français" },
      { target_lang: "fr" },
      { language_code: "fr-CA" },
    ])
      await sdk("POST", "/text/culturalize", {
        json: { ...body, ...languages, text: `Deal ${JSON.stringify(languages)}` },
      })
    const systems = translations.map(systemOf)
    expect(systems).toHaveLength(4)
    for (const system of systems) {
      expect(system).toContain("Tone: very formal")
      expect(system).toContain("Vouvoyez toujours.")
    }
    expect(systems[0]).toContain("for readers of French (fr)")
    expect(systems[3]).toContain("for readers of French (Canada) (fr-CA)")
  })

  it("puts the brand voice and enabled style guides into every model call", async () => {
    await sdk("PUT", "/style-guide/prompt", { json: { prompt: "Warm and direct." } })
    await sdk("POST", "/style-guide", {
      json: { title: "Names", content: "Never translate Nativ." },
    })
    await sdk("POST", "/style-guide", {
      json: { title: "Off", content: "A disabled rule.", is_enabled: false },
    })
    await sdk("POST", "/text/culturalize", {
      json: translateBody("Meet Nativ", "German", { languageCode: "DE", includeRationale: false }),
    })
    const system = systemOf(translations[0]!)
    expect(system).toContain("Brand voice:\nWarm and direct.")
    expect(system).toContain('Style guide "Names":\nNever translate Nativ.')
    expect(system).not.toContain("A disabled rule.")
  })

  it("shows the model approved translations of similar texts from memory", async () => {
    await sdk("POST", "/master-tm/entries", {
      json: {
        source_text: "Free shipping on every order over 50 euros",
        target_text: "Kostenloser Versand ab 50 Euro",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    await sdk("POST", "/text/culturalize", {
      json: translateBody("Free shipping on every order over 60 euros", "German", {
        languageCode: "DE",
        includeRationale: false,
      }),
    })
    expect(systemOf(translations[0]!)).toContain(
      '- "Free shipping on every order over 50 euros" → "Kostenloser Versand ab 50 Euro"',
    )
  })

  it("asks once more when the answer is too long, and refuses with 422 and no charge when it stays too long", async () => {
    translate = (n) => (n === 0 ? "Ein viel zu langer Satz für diesen Platz" : "Kurz")
    const fits = await sdk("POST", "/text/culturalize", {
      json: translateBody("Short, please", "German", {
        languageCode: "DE",
        maxCharacters: 10,
        includeRationale: false,
      }),
    })
    expect(fits.translated_text).toBe("Kurz")
    expect(messagesOf(translations[1]!).at(-1)!.content).toContain(
      "the answer is 40 characters long; it must be at most 10",
    )

    translations = []
    translate = () => "Immer noch viel zu lang für zehn Zeichen"
    const before = await balance()
    const refused = await sdk("POST", "/text/culturalize", {
      json: translateBody("Still short, please", "German", {
        languageCode: "DE",
        maxCharacters: 10,
        includeRationale: false,
      }),
    }).catch((e: unknown) => e as SdkError)
    expect(refused).toBeInstanceOf(SdkError)
    expect((refused as SdkError).status).toBe(422)
    expect((refused as SdkError).body.error).toMatchObject({ code: "max_characters_exceeded" })
    expect(translations).toHaveLength(2)
    expect(await balance()).toBe(before)
  })

  it("returns the model's rationale and back-translation when asked", async () => {
    const result = await sdk("POST", "/text/culturalize", {
      json: translateBody("Grab our deal now", "German", {
        languageCode: "DE",
        backtranslate: true,
      }),
    })
    expect(result).toMatchObject({
      translated_text: "Schnapp dir unseren Deal",
      rationale: "- Used the informal du for a friendly tone.",
      backtranslation: "Grab our deal now",
    })
  })

  it("answers an exact repeat from memory for free, and misses after a glossary or style change", async () => {
    translate = () => "Willkommen zurück, Freund"
    const body = translateBody("Welcome back, friend", "German", {
      languageCode: "DE",
      includeRationale: false,
    })
    const first = await sdk("POST", "/text/culturalize", { json: body })
    expect(first).toMatchObject({ cost: 1, from_memory: false })
    const before = await balance()

    const repeat = await sdk("POST", "/text/culturalize", { json: body })
    expect(repeat).toMatchObject({
      translated_text: first.translated_text,
      cost: 0,
      from_memory: true,
      metadata: { cost: 0 },
      tm_match: { score: 100, match_type: "exact", tm_source: "memory" },
    })
    expect(translations).toHaveLength(1)
    expect(await balance()).toBe(before)

    const forced = await sdk("POST", "/text/culturalize", { json: { ...body, use_memory: false } })
    expect(forced).toMatchObject({ cost: 1, from_memory: false })
    const withGlossary = await sdk("POST", "/text/culturalize", {
      json: { ...body, glossary: "term,translation\nfriend,Freund" },
    })
    expect(withGlossary).toMatchObject({ cost: 1, from_memory: false })
    await sdk("POST", "/style-guide", { json: { title: "New rule", content: "Be brief." } })
    const afterStyle = await sdk("POST", "/text/culturalize", { json: body })
    expect(afterStyle).toMatchObject({ cost: 1, from_memory: false })
    expect(translations).toHaveLength(4)
    expect(await balance()).toBe(before - 3)

    const { rows } = await sql<{ cost: number }>`
      select cost from public.operations where user_id = ${owner.id} order by id desc limit 5`.execute(
      app.deps.database.db,
    )
    expect(rows.map((r) => Number(r.cost))).toEqual([1, 1, 1, 0, 1])
  })
})
