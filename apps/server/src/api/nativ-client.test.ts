import { createNativClient, NativApiError } from "@nativ/client"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { type ApiUser, createApiTestApp, signedInUser } from "./api-test-kit"

/** @nativ/client against the real server: typed calls, idempotent culturalize, typed errors. */
describe("@nativ/client", () => {
  let app: TestApp
  let owner: ApiUser
  let apiKey: string
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 100)
    const asUser = createNativClient({
      baseUrl: `${app.url}/api/v1`,
      accessToken: () => owner.token,
    })
    const { data } = await asUser.POST("/api-keys", { body: { name: "client test" } })
    apiKey = data!.key
  })
  afterAll(() => app.close())

  const client = (key = apiKey) => createNativClient({ baseUrl: `${app.url}/api/v1`, apiKey: key })

  it("reads the account and languages with an API key, typed from the OpenAPI document", async () => {
    const { data: account } = await client().GET("/account")
    expect(account).toMatchObject({ id: owner.id, credits: 100, role: "owner" })
    const { data: languages } = await client().GET("/user/languages")
    expect(languages!.languages).toEqual([])
  })

  it("culturalizes once per idempotency key, however often the call is repeated", async () => {
    const input = {
      text: "Hello there",
      language: "French",
      language_code: "FR",
      tool: "api" as const,
    }
    const first = await client().culturalize(input, { idempotencyKey: "client-test-1" })
    const again = await client().culturalize(input, { idempotencyKey: "client-test-1" })
    expect(again).toEqual(first)
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from public.operations where user_id = ${owner.id}
    `.execute(app.deps.database.db)
    expect(rows[0]!.n).toBe(1)
    // Without a key given, each call gets its own: two calls, two operations.
    await client().culturalize(input)
    await client().culturalize(input)
    const after = await sql<{ n: number }>`
      select count(*)::int as n from public.operations where user_id = ${owner.id}
    `.execute(app.deps.database.db)
    expect(after.rows[0]!.n).toBe(3)
  })

  it("throws NativApiError with the API's status, code and message", async () => {
    const bad = await client("nativ_not-a-real-key-0000000000000000000000000")
      .GET("/account")
      .catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(NativApiError)
    expect(bad).toMatchObject({ status: 401, code: "unauthorized", message: "Invalid API key." })

    const broke = await signedInUser(app)
    const poor = await createNativClient({
      baseUrl: `${app.url}/api/v1`,
      accessToken: () => broke.token,
    })
      .culturalize({ text: "Hello", language: "German", language_code: "DE", tool: "api" })
      .catch((e: unknown) => e)
    expect(poor).toBeInstanceOf(NativApiError)
    expect(poor).toMatchObject({ status: 402, code: "insufficient_credits" })

    const invalid = await client()
      .POST("/api-keys", { body: { name: "by key" } })
      .catch((e: unknown) => e)
    expect(invalid).toMatchObject({ status: 403, code: "session_required" })
  })
})
