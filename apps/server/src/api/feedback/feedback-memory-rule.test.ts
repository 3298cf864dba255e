import type { CulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  openAiCompletion,
  startFakeProvider,
} from "../../engine/testing/fake-provider-server"
import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"

const SOURCE = "Save 5 miles of walking for $3.50 on 12/24/2025."

/** A company with German in its list and credits to spend. */
async function germanCompany(app: TestApp) {
  const company = await signedInUser(app, 1_000)
  const { error } = await clientWithToken(app, company.token)
    .from("user_languages_mapping")
    .insert({ user_id: company.id, language: "German", language_code: "DE" })
  expect(error).toBeNull()
  return company
}

async function culturalizeToGerman(app: TestApp, company: ApiUser) {
  const res = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
    token: company.token,
    body: { text: SOURCE, language: "German", language_code: "DE", tool: "dashboard" },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

/** A Good rating as the Playground's feedback card writes it: a row in user_feedback over REST. */
async function rateGoodInPlayground(app: TestApp, company: ApiUser, result: string) {
  const { error } = await clientWithToken(app, company.token).from("user_feedback").insert({
    user_id: company.id,
    source: SOURCE,
    result,
    language: "German",
    approved: true,
    feedback: null,
  })
  expect(error).toBeNull()
}

async function approvedEntries(app: TestApp, companyId: string) {
  const { rows } = await sql<{ target_text: string }>`
    select target_text from public.tm_entries
    where user_id = ${companyId} and information_source = 'approved' order by created_at
  `.execute(app.deps.database.db)
  return rows.map((r) => r.target_text)
}

describe("a Good rating of an offline result (words not translated)", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("is recorded as feedback but kept out of the translation memory, from the Playground or the API", async () => {
    const company = await germanCompany(app)
    const answer = await culturalizeToGerman(app, company)
    expect(answer.engine).toBe("offline")
    expect(answer.translated_text).toContain("walking")

    await rateGoodInPlayground(app, company, answer.translated_text)
    const viaApi = await callApi(app, "/text/feedback", {
      token: company.token,
      body: { source: SOURCE, result: answer.translated_text, language: "German", approved: true },
    })
    expect(viaApi.status).toBe(201)

    const { data } = await clientWithToken(app, company.token)
      .from("user_feedback")
      .select("approved")
    expect(data).toEqual([{ approved: true }, { approved: true }])
    expect(await approvedEntries(app, company.id)).toEqual([])
  })

  it("keeps out a result identical to its source, even one the server does not remember (a batch item)", async () => {
    const company = await germanCompany(app)
    const batch = await callApi<{ results: { translated_text: string }[] }>(
      app,
      "/text/culturalize-batch",
      {
        token: company.token,
        body: { items: [{ text: "Welcome to our shop" }], language: "German", language_code: "DE" },
      },
    )
    expect(batch.status, JSON.stringify(batch.body)).toBe(200)
    const result = batch.body.results[0]!.translated_text
    expect(result).toBe("Welcome to our shop")
    const rated = await callApi(app, "/text/feedback", {
      token: company.token,
      body: { source: "Welcome to our shop", result, language: "German", approved: true },
    })
    expect(rated.status).toBe(201)
    expect(await approvedEntries(app, company.id)).toEqual([])
  })

  it("keeps a result a person wrote or edited", async () => {
    const company = await germanCompany(app)
    const answer = await culturalizeToGerman(app, company)
    const edited = "Sparen Sie 8 km Fußweg für 3,50 $ am 24.12.2025."
    expect(edited).not.toBe(answer.translated_text)
    await rateGoodInPlayground(app, company, edited)
    expect(await approvedEntries(app, company.id)).toEqual([edited])
  })

  it("does not hold back another company's identical text", async () => {
    const offlineCompany = await germanCompany(app)
    const answer = await culturalizeToGerman(app, offlineCompany)
    // Another company rates the very same words as its own translation, written by a person.
    const other = await germanCompany(app)
    await rateGoodInPlayground(app, other, answer.translated_text)
    expect(await approvedEntries(app, other.id)).toEqual([answer.translated_text])
  })
})

describe("a Good rating of a model's result", () => {
  let provider: FakeProvider
  let app: TestApp
  const german = "Sparen Sie 8 km Fußweg für 3,50 $ am 24.12.2025."
  beforeAll(async () => {
    provider = await startFakeProvider(() => openAiCompletion(german))
    app = await createApiTestApp({
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
    })
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  it("is kept in the translation memory", async () => {
    const company = await germanCompany(app)
    const answer = await culturalizeToGerman(app, company)
    expect(answer).toMatchObject({ engine: "openai", translated_text: german })
    await rateGoodInPlayground(app, company, answer.translated_text)
    expect(await approvedEntries(app, company.id)).toEqual([german])
  })
})
