import type { Feedback, FeedbackList } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { sdkClient } from "../sdk-client"

const postmanExample = {
  source: "Hello world",
  result: "Bonjour le monde",
  language: "French",
  feedback: "Should be more casual: 'Salut tout le monde'",
  approved: false,
}

describe("POST and GET /api/v1/text/feedback", () => {
  let app: TestApp
  let owner: ApiUser
  let key: string
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    key = (
      await callApi<{ key: string }>(app, "/api-keys", {
        token: owner.token,
        body: { name: "sdk" },
      })
    ).body.key
  })
  afterAll(() => app.close())

  const approvedEntries = async (companyId: string) => {
    const { rows } = await sql<{ target_language_code: string; target_text: string }>`
      select target_language_code, target_text from public.tm_entries
      where user_id = ${companyId} and information_source = 'approved'
    `.execute(app.deps.database.db)
    return rows
  }

  it("records the Postman collection's feedback, sent as the SDK's submitFeedback sends it", async () => {
    const sdk = sdkClient(app, key)
    const created = await sdk<Feedback>("POST", "/text/feedback", { json: postmanExample })
    expect(created).toMatchObject({ ...postmanExample, id: expect.any(String) })
    expect(Date.parse(created.created_at)).not.toBeNaN()
    // The same row the dashboard's feedback card writes and reads over REST.
    const { data } = await clientWithToken(app, owner.token)
      .from("user_feedback")
      .select("id, approved, feedback")
      .eq("id", created.id)
    expect(data).toEqual([{ id: created.id, approved: false, feedback: postmanExample.feedback }])
  })

  it("keeps a Good rating in the translation memory for one of the company's languages", async () => {
    const company = await signedInUser(app)
    await clientWithToken(app, company.token)
      .from("user_languages_mapping")
      .insert({ user_id: company.id, language: "German", language_code: "DE" })
    const good = { source: "Add to cart", result: "In den Warenkorb", language: "German" }
    const res = await callApi(app, "/text/feedback", {
      token: company.token,
      body: { ...good, approved: true },
    })
    expect(res.status).toBe(201)
    expect(await approvedEntries(company.id)).toEqual([
      { target_language_code: "de", target_text: "In den Warenkorb" },
    ])
    const poor = await callApi(app, "/text/feedback", {
      token: company.token,
      body: { ...good, result: "Zum Warenkorb hinzufügen", approved: false },
    })
    expect(poor.status).toBe(201)
    expect(await approvedEntries(company.id)).toHaveLength(1)
  })

  it("lists the company's feedback newest first, in pages, and none of another company's", async () => {
    const company = await signedInUser(app)
    for (const n of [1, 2, 3])
      await callApi(app, "/text/feedback", {
        token: company.token,
        body: { source: `Text ${n}`, result: `Texte ${n}`, language: "French", approved: true },
      })
    const first = await callApi<FeedbackList>(app, "/text/feedback?limit=2", {
      token: company.token,
    })
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(3)
    expect(first.body.feedback.map((f) => f.source)).toEqual(["Text 3", "Text 2"])
    const second = await callApi<FeedbackList>(app, "/text/feedback?limit=2&offset=2", {
      token: company.token,
    })
    expect(second.body.feedback.map((f) => f.source)).toEqual(["Text 1"])
    expect(second.body).toMatchObject({ total: 3, limit: 2, offset: 2 })

    const other = await callApi<FeedbackList>(app, "/text/feedback", { token: owner.token })
    expect(other.body.feedback.map((f) => f.source)).not.toContain("Text 1")
  })

  it("refuses incomplete or oversized feedback with a message naming the field", async () => {
    const send = (body: unknown) => callApi(app, "/text/feedback", { token: owner.token, body })
    const cases: [unknown, RegExp][] = [
      [{ ...postmanExample, source: "" }, /source is required/],
      [{ ...postmanExample, result: undefined }, /result/],
      [{ ...postmanExample, language: " " }, /language is required/],
      [{ ...postmanExample, approved: "yes" }, /approved must be/],
      [{ ...postmanExample, approved: null, feedback: "  " }, /rating .* or some written feedback/],
      [{ ...postmanExample, feedback: "x".repeat(5_001) }, /feedback can be at most 5,000/],
    ]
    for (const [body, message] of cases) {
      const res = await send(body)
      expectApiError(res, 400, "invalid_request")
      expect((res.body as { error: { message: string } }).error.message).toMatch(message)
    }
    expectApiError(
      await callApi(app, "/text/feedback?limit=101", { token: owner.token }),
      400,
      "invalid_request",
    )
  })

  it("refuses calls without credentials", async () => {
    expectApiError(
      await callApi(app, "/text/feedback", { body: postmanExample }),
      401,
      "unauthorized",
    )
    expectApiError(await callApi(app, "/text/feedback"), 401, "unauthorized")
  })
})
