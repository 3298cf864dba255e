import type { CreatedApiKey, OperationList } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"
import { seedOperations } from "./operations-test-kit"

/** GET /api/v1/operations: the company's operations, filtered and paged. */
describe("GET /api/v1/operations", () => {
  let app: TestApp
  let owner: ApiUser
  let member: ApiUser
  let stranger: ApiUser
  let key: CreatedApiKey
  let strangerKey: CreatedApiKey

  const list = (query: string, token = owner.token) =>
    callApi<OperationList>(app, `/operations${query}`, { token })
  const ids = (body: OperationList) => body.operations.map((o) => o.action)

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    stranger = await signedInUser(app)
    await invite(app, owner, "mia@example.com", "member")
    member = await accept(app, "mia@example.com")
    key = (
      await callApi<CreatedApiKey>(app, "/api-keys", { token: owner.token, body: { name: "CI" } })
    ).body
    strangerKey = (
      await callApi<CreatedApiKey>(app, "/api-keys", {
        token: stranger.token,
        body: { name: "Theirs" },
      })
    ).body
    // Actions name the rows so assertions read as lists; times straddle day boundaries.
    await seedOperations(app, owner.id, [
      { action: "a1", created_at: "2026-01-09T12:00:00Z", language: "French", tool: "dashboard" },
      { action: "a2", created_at: "2026-01-10T22:30:00Z", api_key_id: key.id },
      { action: "a3", created_at: "2026-01-10T23:30:00Z", member_email: "mia@example.com" },
      { action: "a4", created_at: "2026-01-11T04:30:00Z", language: "French", tool: "figma" },
      {
        action: "a5",
        created_at: "2026-01-12T08:00:00Z",
        api_key_id: key.id,
        member_email: owner.email,
        cost: 7,
      },
      { action: "a6", created_at: "2026-01-12T09:00:00Z", language: null, tool: "mcp" },
    ])
    await seedOperations(app, stranger.id, [
      { action: "theirs", created_at: "2026-01-10T12:00:00Z", api_key_id: strangerKey.id },
    ])
  })
  afterAll(() => app.close())

  it("lists the company's operations newest first, 10 a page, with the key's name and who made them", async () => {
    const res = await list("")
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 6, page: 1, per_page: 10 })
    expect(ids(res.body)).toEqual(["a6", "a5", "a4", "a3", "a2", "a1"])
    expect(res.body.operations[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      created_at: "2026-01-12T08:00:00.000Z",
      action: "a5",
      language: "German",
      tool: "api",
      credits: 7,
      api_key_id: key.id,
      api_key_name: "CI",
      member_email: owner.email,
      app_name: null,
    })
    expect(res.body.operations[0]).toMatchObject({ language: null, api_key_id: null })
  })

  it("answers every member of the company, with a session or an API key", async () => {
    expect(ids((await list("", member.token)).body)).toHaveLength(6)
    expect(ids((await list("", key.key)).body)).toHaveLength(6)
  })

  it("filters by language, tool, API key and member", async () => {
    expect(ids((await list("?language=French")).body)).toEqual(["a4", "a1"])
    expect(ids((await list("?tool=mcp")).body)).toEqual(["a6"])
    expect(ids((await list(`?api_key_id=${key.id}`)).body)).toEqual(["a5", "a2"])
    expect(ids((await list("?member=MIA@example.com")).body)).toEqual(["a3"])
  })

  it("counts days from and to inclusive, in UTC by default", async () => {
    const res = await list("?from=2026-01-10&to=2026-01-11")
    expect(ids(res.body)).toEqual(["a4", "a3", "a2"])
    expect(res.body.total).toBe(3)
    expect(ids((await list("?from=2026-01-12")).body)).toEqual(["a6", "a5"])
    expect(ids((await list("?to=2026-01-09")).body)).toEqual(["a1"])
  })

  it("counts days in the time zone given", async () => {
    // 23:30 UTC on the 10th is already the 11th in Paris; 04:30 UTC on the 11th is still the 10th in New York.
    expect(ids((await list("?from=2026-01-11&to=2026-01-11&time_zone=Europe/Paris")).body)).toEqual(
      ["a4", "a3"],
    )
    expect(
      ids((await list("?from=2026-01-10&to=2026-01-10&time_zone=America/New_York")).body),
    ).toEqual(["a4", "a3", "a2"])
  })

  it("combines filters", async () => {
    const res = await list(
      `?from=2026-01-10&to=2026-01-12&api_key_id=${key.id}&language=German&tool=api`,
    )
    expect(ids(res.body)).toEqual(["a5", "a2"])
    expect(
      ids((await list(`?from=2026-01-10&api_key_id=${key.id}&member=${owner.email}`)).body),
    ).toEqual(["a5"])
    expect((await list("?language=French&tool=mcp")).body).toMatchObject({
      operations: [],
      total: 0,
    })
  })

  it("pages through the result with page and per_page, the total unchanged", async () => {
    const second = await list("?per_page=4&page=2")
    expect(second.body).toMatchObject({ total: 6, page: 2, per_page: 4 })
    expect(ids(second.body)).toEqual(["a2", "a1"])
    expect((await list("?per_page=4&page=3")).body).toMatchObject({ operations: [], total: 6 })
    expect(ids((await list("?per_page=1&language=French&page=2")).body)).toEqual(["a1"])
  })

  it("never shows another company's operations, whatever the filter", async () => {
    expect(ids((await list("", stranger.token)).body)).toEqual(["theirs"])
    expect(ids((await list("", strangerKey.key)).body)).toEqual(["theirs"])
    expect((await list(`?api_key_id=${strangerKey.id}`)).body.total).toBe(0)
    expect((await list(`?api_key_id=${key.id}`, stranger.token)).body.total).toBe(0)
  })

  it("refuses bad filters with 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      ["?from=2026-13-01", "from"],
      ["?from=2026-02-30", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-01-12&to=2026-01-10", "from"],
      ["?api_key_id=not-a-key", "api_key_id"],
      ["?member=nobody", "member"],
      ["?per_page=0", "per_page"],
      ["?per_page=101", "per_page"],
      ["?per_page=ten", "per_page"],
      ["?page=0", "page"],
      ["?format=xlsx", "format"],
      ["?time_zone=Mars/Olympus_Mons", "time_zone"],
      [`?language=${"x".repeat(101)}`, "language"],
    ]
    for (const [query, parameter] of cases) {
      const res = await list(query)
      expectApiError(res, 400, "invalid_request")
      expect((res.body as unknown as ErrorBody).error.message, query).toContain(parameter)
    }
  })

  it("refuses a call without credentials with 401", async () => {
    expectApiError(await callApi(app, "/operations"), 401, "unauthorized")
  })

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>
    }
    const names = doc.paths["/operations"]?.get?.parameters?.map((p) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(["from", "to", "time_zone", "language", "tool", "api_key_id"]),
    )
    expect(names).toEqual(expect.arrayContaining(["member", "page", "per_page", "format"]))
  })
})
