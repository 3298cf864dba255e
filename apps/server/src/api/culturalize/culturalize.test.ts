import type { CulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { EngineProviderError, EngineTimeoutError } from "../../engine"
import type { CulturalizeEngine } from "../../engine/types"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"

const german = { language: "German", language_code: "DE", tool: "dashboard" }

async function ledgerState(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; ledger: number; operations: number }>`
    select u.credits,
      (select coalesce(sum(delta), 0)::int from public.credit_ledger l where l.user_id = u.id) as ledger,
      (select count(*)::int from public.operations o where o.user_id = u.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return rows[0]!
}

describe("POST /api/v1/text/culturalize", () => {
  let app: TestApp
  let user: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    user = await signedInUser(app, 1000)
  })
  afterAll(() => app.close())

  it("culturalizes with the offline engine, charges per started 100 characters and records the operation", async () => {
    const text = "The package weighs 5 pounds and costs $1,234.50. " + "x".repeat(60)
    const res = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: user.token,
      body: { text, ...german, file_id: "figma-file-1" },
    })
    expect(res.status).toBe(200)
    expect(res.body.engine).toBe("offline")
    expect(res.body.cost).toBe(2)
    expect(res.body.credits_remaining).toBe(998)
    expect(res.body.translated_text).toContain("kg")
    expect(res.body.translated_text).toContain("1.234,50")
    expect(res.body.note).toBeTruthy()
    const { rows } = await sql<{
      user_id: string
      action: string
      language: string
      tool: string
      cost: number
      file_id: string
    }>`
      select user_id, action, language, tool, cost, file_id from public.operations where id = ${Number(res.body.operation_id)}
    `.execute(app.deps.database.db)
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      language: "German",
      tool: "dashboard",
      cost: 2,
      file_id: "figma-file-1",
    })
    const state = await ledgerState(app, user.id)
    expect(state.credits).toBe(998)
    expect(state.ledger).toBe(state.credits)
  })

  it("applies a glossary sent as pairs or as CSV", async () => {
    const pairs = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: user.token,
      body: {
        text: "Open the Dashboard now",
        ...german,
        glossary: [{ source: "dashboard", target: "Übersicht" }],
      },
    })
    expect(pairs.body.translated_text).toContain("Übersicht")
    const csv = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: user.token,
      body: {
        text: "Open the dashboard now",
        ...german,
        glossary: "source,target\ndashboard,Übersicht\n",
      },
    })
    expect(csv.status).toBe(200)
    expect(csv.body.translated_text).toContain("Übersicht")
  })

  it("refuses invalid input with a 400 that names the problem and charges nothing", async () => {
    const before = await ledgerState(app, user.id)
    const empty = await callApi(app, "/text/culturalize", {
      token: user.token,
      body: { text: "   ", ...german },
    })
    expectApiError(empty, 400, "invalid_request")
    const long = await callApi<{ error: { message: string } }>(app, "/text/culturalize", {
      token: user.token,
      body: { text: "a".repeat(20_001), ...german },
    })
    expectApiError(long, 400, "invalid_request")
    expect(long.body.error.message).toContain("20,000")
    expectApiError(
      await callApi(app, "/text/culturalize", {
        token: user.token,
        body: { text: "hi", ...german, tool: "word" },
      }),
      400,
      "invalid_request",
    )
    const unknown = await callApi<{ error: { message: string } }>(app, "/text/culturalize", {
      token: user.token,
      body: { text: "hi", language: "Elvish" },
    })
    expectApiError(unknown, 400, "invalid_request")
    expect(unknown.body.error.message).toMatch(/^language "Elvish" is not a language we know/)
    expectApiError(
      await callApi(app, "/text/culturalize", {
        token: user.token,
        body: { text: "hi", ...german, glossary: "from,to\na,b" },
      }),
      400,
      "invalid_request",
    )
    expect(await ledgerState(app, user.id)).toEqual(before)
  })

  it("requires credentials", async () => {
    expectApiError(
      await callApi(app, "/text/culturalize", { body: { text: "hi", ...german } }),
      401,
      "unauthorized",
    )
  })

  it("refuses with 402 when the balance is too low and charges nothing", async () => {
    const poor = await signedInUser(app, 1)
    const res = await callApi<{ error: { message: string } }>(app, "/text/culturalize", {
      token: poor.token,
      body: { text: "y".repeat(150), ...german },
    })
    expectApiError(res, 402, "insufficient_credits")
    expect(res.body.error.message).toMatch(/credits/i)
    expect(await ledgerState(app, poor.id)).toEqual({ credits: 1, ledger: 1, operations: 0 })
  })

  it("returns the first result for a retried Idempotency-Key and charges once", async () => {
    const buyer = await signedInUser(app, 10)
    const body = { text: "Hello there", ...german }
    const headers = { "Idempotency-Key": "retry-1" }
    const first = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: buyer.token,
      body,
      headers,
    })
    const again = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: buyer.token,
      body,
      headers,
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await ledgerState(app, buyer.id)).toEqual({ credits: 9, ledger: 9, operations: 1 })
    const conflict = await callApi(app, "/text/culturalize", {
      token: buyer.token,
      body: { ...body, text: "Other" },
      headers,
    })
    expectApiError(conflict, 422, "idempotency_conflict")
  })

  it("charges exactly what the balance pays for under 200 concurrent requests", async () => {
    const busy = await signedInUser(app, 50)
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callApi(app, "/text/culturalize", {
          token: busy.token,
          body: { text: `Request ${i}`, ...german },
        }),
      ),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(50)
    expect(statuses.filter((s) => s === 402)).toHaveLength(150)
    expect(await ledgerState(app, busy.id)).toEqual({ credits: 0, ledger: 0, operations: 50 })
  }, 120_000)

  it("records which API key made an operation", async () => {
    const key = await callApi<{ id: string; key: string }>(app, "/api-keys", {
      token: user.token,
      body: { name: "plugin" },
    })
    const res = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: key.body.key,
      body: { text: "Hi", ...german, tool: "api" },
    })
    expect(res.status).toBe(200)
    const { rows } = await sql<{
      api_key_id: string
    }>`select api_key_id from public.operations where id = ${Number(res.body.operation_id)}`.execute(
      app.deps.database.db,
    )
    expect(rows[0]!.api_key_id).toBe(key.body.id)
  })
})

describe("culturalize limits and engine failures", () => {
  it("rate-limits per user with 429 and Retry-After", async () => {
    const app = await createApiTestApp({ RATE_LIMIT_PLAYGROUND_BURST: "2" })
    try {
      const user = await signedInUser(app, 100)
      const send = () =>
        callApi(app, "/text/culturalize", { token: user.token, body: { text: "Hi", ...german } })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      const limited = await send()
      expectApiError(limited, 429, "rate_limited")
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    } finally {
      await app.close()
    }
  })

  it.each([
    [
      "fails",
      new EngineProviderError("The culturalization provider is unavailable."),
      502,
      "engine_failed",
    ],
    [
      "times out",
      new EngineTimeoutError("The culturalization provider did not answer in time."),
      504,
      "engine_timeout",
    ],
  ])("answers clearly and charges nothing when the engine %s", async (_, failure, status, code) => {
    const failing: CulturalizeEngine = {
      name: "openai",
      culturalize: () => Promise.reject(failure),
    }
    const app = await createApiTestApp({}, { engine: failing })
    try {
      const user = await signedInUser(app, 100)
      const res = await callApi<{ error: { message: string } }>(app, "/text/culturalize", {
        token: user.token,
        body: { text: "Hi", ...german },
      })
      expectApiError(res, status, code)
      expect(res.body.error.message).toContain("Nothing was charged")
      expect(await ledgerState(app, user.id)).toEqual({ credits: 100, ledger: 100, operations: 0 })
    } finally {
      await app.close()
    }
  })
})

describe("culturalize input the database cannot store", () => {
  let app: TestApp
  let user: ApiUser
  let engineCalls = 0
  const counting: CulturalizeEngine = {
    name: "offline",
    culturalize: async (request) => {
      engineCalls += 1
      return { text: request.text }
    },
  }
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: counting })
    user = await signedInUser(app, 100)
  })
  afterAll(() => app.close())

  it.each([
    ["a file_id of 201 characters", { file_id: "f".repeat(201) }, "file_id"],
    ["a file_id of 255 characters", { file_id: "f".repeat(255) }, "file_id"],
    ["a NUL in language", { language: "Ger\u0000man" }, "language"],
    ["a NUL in file_id", { file_id: "file\u0000" }, "file_id"],
    ["a NUL in the text", { text: "Hello\u0000world" }, "text"],
    ["an unpaired surrogate in the text", { text: "Hello \ud800 world" }, "text"],
    [
      "a NUL in a glossary term",
      { glossary: [{ source: "Hello", target: "Hal\u0000lo" }] },
      "glossary",
    ],
  ])("refuses %s with 400 before the engine runs and charges nothing", async (_, change, field) => {
    const before = engineCalls
    const res = await callApi<ErrorBody>(app, "/text/culturalize", {
      token: user.token,
      body: { text: "Hello", ...german, ...change },
    })
    expectApiError(res, 400, "invalid_request")
    expect(res.body.error.message).toContain(field)
    expect(engineCalls).toBe(before)
    expect(await ledgerState(app, user.id)).toEqual({ credits: 100, ledger: 100, operations: 0 })
  })

  it("accepts and records a file_id of 200 characters, the column's limit", async () => {
    const fileId = "f".repeat(200)
    const res = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: user.token,
      body: { text: "Hello", ...german, file_id: fileId },
    })
    expect(res.status).toBe(200)
    const { rows } = await sql<{ file_id: string }>`
      select file_id from public.operations where id = ${Number(res.body.operation_id)}
    `.execute(app.deps.database.db)
    expect(rows[0]!.file_id).toBe(fileId)
  })
})
