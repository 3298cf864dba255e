import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { clientWithToken } from "../testing/factories"
import type { TestApp } from "../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "./api-test-kit"
import { accept, invite } from "./members/members-test-kit"
import { SdkError, type SdkStyle, sdkClient, translateBody } from "./sdk-client"

async function apiKeyOf(app: TestApp, user: ApiUser) {
  const res = await callApi<{ key: string }>(app, "/api-keys", {
    token: user.token,
    body: { name: "sdk" },
  })
  return res.body.key
}

async function addLanguage(app: TestApp, user: ApiUser, language: string, code: string) {
  const { data, error } = await clientWithToken(app, user.token)
    .from("user_languages_mapping")
    .insert({ user_id: user.id, language, language_code: code })
    .select("id")
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

async function failure(call: Promise<unknown>): Promise<SdkError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof SdkError)) throw new Error(`expected an SdkError, got ${String(error)}`)
  return error
}

/** Nativ's official clients against the real server: the requests they send, the fields they read. */
describe.each<SdkStyle>(["node", "python"])("Nativ's SDKs (%s URL style)", (style) => {
  let app: TestApp
  let owner: ApiUser
  let sdk: ReturnType<typeof sdkClient>
  let balance: () => Promise<number>
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 1_000)
    sdk = sdkClient(app, await apiKeyOf(app, owner), style)
    balance = async () => {
      const { rows } = await sql<{ credits: number }>`
        select credits from public.users where id = ${owner.id}`.execute(app.deps.database.db)
      return Number(rows[0]!.credits)
    }
  })
  afterAll(() => app.close())

  it("authenticates with X-API-Key and reads an error's detail", async () => {
    expect(await sdk("GET", "/user/languages")).toEqual({ languages: [] })
    const bad = await failure(
      sdkClient(app, "nativ_not-a-real-key", style)("GET", "/user/languages"),
    )
    expect(bad.status).toBe(401)
    expect(bad.message).toBe("Invalid API key.")
    expect(bad.body.error).toEqual({ code: "unauthorized", message: "Invalid API key." })
  })

  it("translates with every formality level, DeepL's aliases, and refuses an unknown one", async () => {
    for (const formality of [
      "very_informal",
      "informal",
      "neutral",
      "formal",
      "very_formal",
      "prefer_more",
      "prefer_less",
    ]) {
      const result = await sdk("POST", "/text/culturalize", {
        json: translateBody(`Hello ${formality}`, "German", { languageCode: "DE", formality }),
      })
      expect(result).toMatchObject({
        translated_text: `Hello ${formality}`,
        metadata: { word_count: 2, cost: 1 },
      })
    }
    const refused = await failure(
      sdk("POST", "/text/culturalize", {
        json: translateBody("Hello", "German", { languageCode: "DE", formality: "casual" }),
      }),
    )
    expect(refused.status).toBe(400)
    expect(refused.message).toContain(
      "formality must be one of very_informal, informal, neutral, formal, very_formal",
    )
  })

  it("answers max_characters that fit, and 422 with nothing charged when the result cannot fit", async () => {
    const fits = await sdk("POST", "/text/culturalize", {
      json: translateBody("Price: 1,234.50 EUR", "German", {
        languageCode: "DE",
        maxCharacters: 40,
      }),
    })
    expect((fits.translated_text as string).length).toBeLessThanOrEqual(40)
    const before = await balance()
    const tooLong = await failure(
      sdk("POST", "/text/culturalize", {
        json: translateBody("A sentence far longer than ten characters", "German", {
          languageCode: "DE",
          maxCharacters: 10,
        }),
      }),
    )
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.error).toMatchObject({ code: "max_characters_exceeded" })
    expect(tooLong.message).toContain("Nothing was charged")
    expect(await balance()).toBe(before)
  })

  it("explains what the offline engine adapted, and says back-translation is unavailable", async () => {
    const result = await sdk<{ rationale: string; backtranslation: string | null; note: string }>(
      "POST",
      "/text/culturalize",
      {
        json: translateBody("Pay $1,234.50 by 12/31/2026", "German", {
          languageCode: "DE",
          backtranslate: true,
        }),
      },
    )
    expect(result.rationale).toContain("German (de-DE) conventions")
    expect(result.rationale).toMatch(/dates/)
    expect(result.backtranslation).toBeNull()
    expect(result.note).toContain("Back-translation is unavailable with the offline engine.")
  })

  it("takes a language the account never added by name, code or DeepL's target_lang, as one canonical language", async () => {
    // The Postman collection's first request and the SDK READMEs' quick starts send a name alone.
    const asked: [Record<string, string>, string, string][] = [
      [{ language: "Japanese" }, "ja", "Japanese"],
      [{ language: "japanese " }, "ja", "Japanese"],
      [{ language_code: "ja" }, "ja", "Japanese"],
      [{ target_lang: "JA" }, "ja", "Japanese"],
      [{ language: "Chinese (Simplified)" }, "zh-Hans", "Chinese (Simplified)"],
      [{ language_code: "pt-BR" }, "pt-BR", "Portuguese (Brazil)"],
      [{ target_lang: "EN-GB", source_lang: "DE" }, "en-GB", "English (United Kingdom)"],
      [{ language: "Brazilian Portuguese" }, "pt-BR", "Portuguese (Brazil)"],
    ]
    for (const [languages, code, name] of asked) {
      const { language: _, ...body } = translateBody(`Hi ${style} ${code}`, "")
      const result = await sdk<{ language: string; language_code: string }>(
        "POST",
        "/text/culturalize",
        { json: { ...body, ...languages } },
      )
      expect([result.language, result.language_code], JSON.stringify(languages)).toEqual([
        name,
        code,
      ])
    }
  })

  it("refuses an unknown language naming its field and the closest match, and charges nothing", async () => {
    const before = await balance()
    const refusals: [Record<string, string>, string][] = [
      [
        { language: "Japanes" },
        'language "Japanes" is not a language we know; did you mean Japanese (ja)?',
      ],
      [
        { language_code: "jp" },
        'language_code "jp" is not a language we know; did you mean Japanese (ja)?',
      ],
      [
        { target_lang: "1!" },
        "target_lang may contain only letters, digits, - and _ (e.g. DE, PT-BR)",
      ],
      [
        { language: "German", source_language: "Elvish" },
        'source_language "Elvish" is not a language we know',
      ],
      [{ language: "German", source_lang: "xx" }, 'source_lang "xx" is not a language we know'],
      [
        {},
        "Give the target language: language (a name such as Japanese), language_code (a code such as ja) or target_lang",
      ],
    ]
    for (const [languages, message] of refusals) {
      const {
        language: _,
        source_language: __,
        source_language_code: ___,
        ...body
      } = translateBody("Hi", "")
      const refused = await failure(
        sdk("POST", "/text/culturalize", { json: { ...body, ...languages } }),
      )
      expect(refused.status, JSON.stringify(languages)).toBe(400)
      expect(refused.message).toContain(message)
    }
    expect(await balance()).toBe(before)
  })

  it("applies the account's own entry for the language and records one language per row", async () => {
    const code = style === "node" ? "NL" : "SV"
    const name = style === "node" ? "Dutch" : "Swedish"
    await addLanguage(app, owner, `My ${name}`, code)
    for (const languages of [
      { language: name.toLowerCase() },
      { language: name },
      { language: `My ${name}` },
      { target_lang: code },
    ]) {
      const { language: _, ...body } = translateBody(`Hello ${JSON.stringify(languages)}`, "")
      const result = await sdk<{ language: string; language_code: string }>(
        "POST",
        "/text/culturalize",
        { json: { ...body, ...languages } },
      )
      expect(result).toMatchObject({ language: name, language_code: code.toLowerCase() })
    }
    const { rows } = await sql<{ language: string; count: number }>`
      select language, count(*)::int as count from public.operations
      where user_id = ${owner.id} and language ilike ${`%${name}%`} group by language
    `.execute(app.deps.database.db)
    expect(rows).toEqual([{ language: name, count: 4 }])
    // a language only the account knows is recorded as the account names it
    await addLanguage(app, owner, `Pirate ${style}`, style === "node" ? "XP" : "XQ")
    const pirate = await sdk<{ language: string; language_code: string }>(
      "POST",
      "/text/culturalize",
      {
        json: translateBody("Ahoy", `pirate ${style}`),
      },
    )
    expect(pirate).toMatchObject({
      language: `Pirate ${style}`,
      language_code: style === "node" ? "XP" : "XQ",
    })
  })

  it("lists formality and custom style per language and changes them", async () => {
    const id = await addLanguage(app, owner, `French ${style}`, style === "node" ? "FR" : "FRC")
    expect(
      await sdk("PATCH", `/user/languages/${id}/formality`, { json: { formality: "formal" } }),
    ).toEqual({ success: true })
    expect(
      await sdk("PATCH", `/user/languages/${id}/custom-style`, {
        json: { custom_style: "Vouvoyez toujours." },
      }),
    ).toEqual({ success: true })
    const { languages } = await sdk<{ languages: Record<string, unknown>[] }>(
      "GET",
      "/user/languages",
    )
    expect(languages.find((l) => l.id === id)).toMatchObject({
      formality: "formal",
      custom_style: "Vouvoyez toujours.",
    })
    expect(
      (
        await failure(
          sdk("PATCH", `/user/languages/${id}/formality`, { json: { formality: "posh" } }),
        )
      ).status,
    ).toBe(400)
    await sdk("PATCH", `/user/languages/${id}/custom-style`, { json: { custom_style: null } })
    const after = await sdk<{ languages: Record<string, unknown>[] }>("GET", "/user/languages")
    expect(after.languages.find((l) => l.id === id)).toMatchObject({ custom_style: null })
    const missing = await failure(
      sdk("PATCH", "/user/languages/00000000-0000-4000-8000-000000000000/formality", {
        json: { formality: "formal" },
      }),
    )
    expect(missing.status).toBe(404)
  })

  it("adds to translation memory, finds it by fuzzy search with a score, and counts it", async () => {
    const text = `Add the item to your shopping cart (${style})`
    const added = await sdk<Record<string, unknown>>("POST", "/master-tm/entries", {
      json: {
        source_text: text,
        target_text: "Legen Sie den Artikel in Ihren Warenkorb",
        source_language_code: "en",
        target_language_code: "de-DE",
        information_source: "manual",
        source_name: "checkout",
      },
    })
    expect(added).toMatchObject({
      source_text: text,
      target_language_code: "de-de",
      enabled: true,
      priority: 50,
      information_source: "manual",
    })

    const { matches } = await sdk<{ matches: Record<string, unknown>[] }>(
      "GET",
      "/master-tm/fuzzy-search",
      {
        params: {
          query: `Add this item to your shopping cart (${style})`,
          source_lang: "en",
          score_cutoff: 0.0,
          limit: 10,
        },
      },
    )
    expect(matches[0]).toMatchObject({
      tm_id: added.id,
      match_type: "fuzzy",
      information_source: "manual",
      source_name: "checkout",
    })
    expect(matches[0]!.score).toBeGreaterThan(60)
    expect(matches[0]!.score).toBeLessThan(100)
    const exact = await sdk<{ matches: Record<string, unknown>[] }>(
      "GET",
      "/master-tm/fuzzy-search",
      {
        params: {
          query: text,
          source_lang: "en",
          target_lang: "de-DE",
          score_cutoff: 90,
          limit: 10,
        },
      },
    )
    expect(exact.matches).toEqual([
      expect.objectContaining({ tm_id: added.id, score: 100, match_type: "exact" }),
    ])

    const stats = await sdk<{
      total: number
      enabled: number
      by_source: Record<string, { total: number }>
    }>("GET", "/master-tm/stats")
    expect(stats.total).toBeGreaterThanOrEqual(1)
    expect(stats.by_source.manual!.total).toBeGreaterThanOrEqual(1)

    const list = await sdk<{
      entries: { id: string }[]
      total: number
      offset: number
      limit: number
    }>("GET", "/master-tm/entries", {
      params: {
        target_lang: "de-DE",
        search: "SHOPPING cart",
        enabled_only: true,
        limit: 100,
        offset: 0,
      },
    })
    expect(list).toMatchObject({ offset: 0, limit: 100 })
    expect(list.entries.map((e) => e.id)).toContain(added.id)

    expect(
      await sdk("PATCH", `/master-tm/entries/${String(added.id)}`, { json: { enabled: false } }),
    ).toMatchObject({ success: true })
    const disabled = await sdk<{ disabled: number }>("GET", "/master-tm/stats")
    expect(disabled.disabled).toBe(stats.total - stats.enabled + 1)
    const gone = await sdk<{ matches: unknown[] }>("GET", "/master-tm/fuzzy-search", {
      params: { query: text, source_lang: "en", score_cutoff: 0, limit: 10 },
    })
    expect(gone.matches).toEqual([])
    expect(await sdk("DELETE", `/master-tm/entries/${String(added.id)}`)).toEqual({ success: true })
    expect((await failure(sdk("DELETE", `/master-tm/entries/${String(added.id)}`))).status).toBe(
      404,
    )
  })

  it("answers a text the memory holds exactly with its entry, free, finding a regional entry from a bare code", async () => {
    const text = `Free returns within 30 days (${style})`
    const entry = await sdk<{ id: string }>("POST", "/master-tm/entries", {
      json: {
        source_text: text,
        target_text: "Retours gratuits sous 30 jours",
        source_language_code: "en",
        target_language_code: "fr-FR",
        information_source: "manual",
        source_name: "checkout",
      },
    })
    // The SDK READMEs' sequence: an entry added for fr-FR is found searching fr.
    const found = await sdk<{ matches: { tm_id: string }[] }>("GET", "/master-tm/fuzzy-search", {
      params: { query: text, source_lang: "en", target_lang: "fr", score_cutoff: 0, limit: 10 },
    })
    expect(found.matches.map((m) => m.tm_id)).toContain(entry.id)
    const before = await balance()
    for (const languages of [
      { language: "French" },
      { target_lang: "FR" },
      { language_code: "fr-FR" },
    ]) {
      const { language: _, ...body } = translateBody(text, "")
      const result = await sdk<Record<string, unknown>>("POST", "/text/culturalize", {
        json: { ...body, ...languages },
      })
      expect(result, JSON.stringify(languages)).toMatchObject({
        translated_text: "Retours gratuits sous 30 jours",
        from_memory: true,
        cost: 0,
        tm_match: {
          score: 100,
          match_type: "exact",
          tm_id: entry.id,
          tm_source: "manual",
          tm_source_name: "checkout",
        },
      })
    }
    expect(await balance()).toBe(before)

    // Canada's French is another entry's business; memory off or a disabled entry asks the engine.
    const canada = await sdk<Record<string, unknown>>("POST", "/text/culturalize", {
      json: translateBody(text, "French", { languageCode: "fr-CA" }),
    })
    expect(canada).toMatchObject({ from_memory: false, cost: 1 })
    const fresh = await sdk<Record<string, unknown>>("POST", "/text/culturalize", {
      json: { ...translateBody(text, "French"), use_memory: false },
    })
    expect(fresh).toMatchObject({ from_memory: false, cost: 1 })
    await sdk("PATCH", `/master-tm/entries/${entry.id}`, { json: { enabled: false } })
    const disabled = await sdk<Record<string, unknown>>("POST", "/text/culturalize", {
      json: translateBody(text, "French"),
    })
    expect(disabled.translated_text).not.toBe("Retours gratuits sous 30 jours")
  })

  it("returns the translation memory match with a translation", async () => {
    const text = `Your order has shipped and will arrive soon (${style})`
    await sdk("POST", "/master-tm/entries", {
      json: {
        source_text: text,
        target_text: "Ihre Bestellung ist unterwegs",
        source_language_code: "en",
        target_language_code: "de",
        information_source: "manual",
      },
    })
    const result = await sdk<{ tm_match: Record<string, unknown> }>("POST", "/text/culturalize", {
      json: translateBody(`Your order has shipped and will arrive shortly (${style})`, "German", {
        languageCode: "DE",
      }),
    })
    expect(result.tm_match).toMatchObject({
      match_type: "fuzzy",
      target_text: "Ihre Bestellung ist unterwegs",
      tm_source: "manual",
    })
    expect(result.tm_match.score as number).toBeGreaterThan(50)
    expect(result.tm_match.top_matches).toHaveLength(1)
  })

  it("manages style guides and the brand voice", async () => {
    expect(await sdk("GET", "/style-guide/prompt")).toEqual({ prompt: null, exists: false })
    const guide = await sdk<Record<string, unknown>>("POST", "/style-guide", {
      json: {
        title: `Names ${style}`,
        content: "Never translate product names.",
        is_enabled: true,
      },
    })
    expect(guide).toMatchObject({ title: `Names ${style}`, is_enabled: true })
    const { guides } = await sdk<{ guides: { id: string }[] }>("GET", "/style-guide")
    expect(guides.map((g) => g.id)).toContain(guide.id)
    const updated = await sdk("PUT", `/style-guide/${String(guide.id)}`, {
      json: { is_enabled: false },
    })
    expect(updated).toMatchObject({
      id: guide.id,
      is_enabled: false,
      content: "Never translate product names.",
    })
    await sdk("PUT", "/style-guide/prompt", { json: { prompt: "Warm, direct, never pushy." } })
    expect(await sdk("GET", "/style-guide/prompt")).toEqual({
      prompt: "Warm, direct, never pushy.",
      exists: true,
    })
    const combined = await sdk<{ prompt: string; guides: unknown[] }>(
      "GET",
      "/style-guide/combined",
    )
    expect(combined.prompt).toBe("Brand voice:\nWarm, direct, never pushy.")
    expect(combined.guides).toEqual([])
    expect(await sdk("DELETE", `/style-guide/${String(guide.id)}`)).toEqual({ success: true })
    expect(
      (await failure(sdk("PUT", `/style-guide/${String(guide.id)}`, { json: { title: "x" } })))
        .status,
    ).toBe(404)
    await sdk("PUT", "/style-guide/prompt", { json: { prompt: null } })
  })
})

describe("what belongs to a company stays in it", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("answers 404 for another company's entry, guide or language, and 403 to members for settings", async () => {
    const alice = await signedInUser(app, 10)
    const bob = await signedInUser(app, 10)
    const asAlice = sdkClient(app, await apiKeyOf(app, alice))
    const asBob = sdkClient(app, await apiKeyOf(app, bob))
    const entry = await asAlice<{ id: string }>("POST", "/master-tm/entries", {
      json: {
        source_text: "Hello",
        target_text: "Hallo",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    const guide = await asAlice<{ id: string }>("POST", "/style-guide", {
      json: { title: "T", content: "C" },
    })
    const language = await addLanguage(app, alice, "German", "DE")
    for (const [method, path, json] of [
      ["PATCH", `/master-tm/entries/${entry.id}`, { enabled: false }],
      ["DELETE", `/master-tm/entries/${entry.id}`, undefined],
      ["PUT", `/style-guide/${guide.id}`, { title: "Mine" }],
      ["DELETE", `/style-guide/${guide.id}`, undefined],
      ["PATCH", `/user/languages/${language}/formality`, { formality: "formal" }],
    ] as const)
      expect((await failure(asBob(method, path, json === undefined ? {} : { json }))).status).toBe(
        404,
      )
    expect((await asBob<{ entries: unknown[] }>("GET", "/master-tm/entries")).entries).toEqual([])
    expect(
      (
        await asBob<{ matches: unknown[] }>("GET", "/master-tm/fuzzy-search", {
          params: { query: "Hello" },
        })
      ).matches,
    ).toEqual([])
    expect((await asBob<{ guides: unknown[] }>("GET", "/style-guide")).guides).toEqual([])

    // A member shares the memory and reads the style, but settings are for owners and admins.
    await invite(app, alice, "member-sdk@example.com", "member")
    const member = await accept(app, "member-sdk@example.com")
    const asMember = sdkClient(app, await apiKeyOf(app, member))
    expect(
      (await asMember<{ entries: { id: string }[] }>("GET", "/master-tm/entries")).entries.map(
        (e) => e.id,
      ),
    ).toEqual([entry.id])
    expect(
      await asMember("PATCH", `/master-tm/entries/${entry.id}`, {
        json: { target_text: "Hallo!" },
      }),
    ).toMatchObject({ success: true })
    expect(
      (await failure(asMember("POST", "/style-guide", { json: { title: "T", content: "C" } })))
        .status,
    ).toBe(403)
    expect(
      (
        await failure(
          asMember("PATCH", `/user/languages/${language}/formality`, {
            json: { formality: "formal" },
          }),
        )
      ).status,
    ).toBe(403)
  })

  it("keeps a Good rating from the Playground as an approved entry", async () => {
    const user = await signedInUser(app, 10)
    await addLanguage(app, user, "Spanish", "ES")
    const { error } = await clientWithToken(app, user.token).from("user_feedback").insert({
      user_id: user.id,
      source: "See you tomorrow",
      result: "Hasta mañana",
      language: "Spanish",
      approved: true,
    })
    expect(error).toBeNull()
    await clientWithToken(app, user.token).from("user_feedback").insert({
      user_id: user.id,
      source: "Bad one",
      result: "Malo",
      language: "Spanish",
      approved: false,
    })
    const sdk = sdkClient(app, await apiKeyOf(app, user))
    const { entries } = await sdk<{ entries: Record<string, unknown>[] }>(
      "GET",
      "/master-tm/entries",
      { params: { information_source: "approved" } },
    )
    expect(entries).toEqual([
      expect.objectContaining({
        source_text: "See you tomorrow",
        target_text: "Hasta mañana",
        source_language_code: "en",
        target_language_code: "es",
        information_source: "approved",
      }),
    ])
  })
})
