import type { CreatedApiKey } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { roomyLimits } from "../auth/test-kit"
import { createTestApp, type TestApp } from "../testing/test-app"
import { type ApiUser, callApi, type ErrorBody, expectApiError, signedInUser } from "./api-test-kit"

/**
 * The text budgets (limits.ts) over real HTTP: a translateBatch of Nativ's SDKs (one request per
 * text, all at once) fits, a refused request spends nothing, a batch counts one text per item, the
 * Playground and the API keys have budgets of their own under a company ceiling for the keys, and
 * every answer says where the caller stands in RateLimit-Policy and RateLimit.
 */
const german = { language: "German", language_code: "de" }

/** `"name";r=1;t=2, …` → `{name: {r: 1, t: 2}}` (the headers' structured-field lists). */
function parseList(header: string | null): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {}
  for (const item of (header ?? "").split(",").filter((part) => part.trim())) {
    const [name, ...params] = item.trim().split(";")
    out[JSON.parse(name!) as string] = Object.fromEntries(
      params.map((param) => {
        const [key, value] = param.split("=")
        return [key!, Number(value)]
      }),
    )
  }
  return out
}

const remaining = (headers: Headers) =>
  Object.fromEntries(
    Object.entries(parseList(headers.get("ratelimit"))).map(([name, { r }]) => [name, r]),
  )

async function newKey(app: TestApp, user: ApiUser): Promise<string> {
  const res = await callApi<CreatedApiKey>(app, "/api-keys", {
    token: user.token,
    body: { name: "sdk" },
  })
  expect(res.status).toBe(201)
  return res.body.key
}

const withKey = (key: string) => ({ headers: { "X-API-Key": key } })

const culturalize = (app: TestApp, key: string, text = "Hello") =>
  callApi<ErrorBody>(app, "/text/culturalize", { ...withKey(key), body: { text, ...german } })

const culturalizeBatch = (app: TestApp, auth: { token?: string; key?: string }, texts: number) =>
  callApi<ErrorBody>(app, "/text/culturalize-batch", {
    token: auth.token,
    ...(auth.key ? withKey(auth.key) : {}),
    body: {
      items: Array.from({ length: texts }, (_, i) => ({ text: `Layer ${i}` })),
      ...german,
      tool: "figma",
    },
  })

async function books(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; operations: number }>`
    select u.credits::int as credits,
      (select count(*)::int from public.operations o where o.user_id = u.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return rows[0]!
}

describe("the text budgets at their defaults", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(roomyLimits)
  })
  afterAll(() => app.close())

  it("let a 100-text translateBatch-shaped burst from one API key through, all at once", async () => {
    const user = await signedInUser(app, 1_000)
    const key = await newKey(app, user)
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => culturalize(app, key, `Text ${i}`)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200))
    expect(answers[0]!.headers.get("ratelimit-policy")).toBe(
      '"key-burst";q=500;w=10, "key-minute";q=600;w=60, "company-minute";q=1200;w=60',
    )
    expect(await books(app, user.id)).toEqual({ credits: 900, operations: 100 })
    // The counts below hold within one 10-second window; on a machine slow enough that the burst
    // outlasted it (CI beside its other phases), a new window began and the counts restarted.
    if (Date.now() - started > 8_000) return
    const lowest = Math.min(...answers.map((answer) => remaining(answer.headers)["key-burst"]!))
    expect(lowest).toBe(400)

    // Another route spends nothing and reports where the key stands.
    for (let i = 0; i < 2; i++) {
      const languages = await callApi(app, "/user/languages", withKey(key))
      expect(languages.status).toBe(200)
      expect(remaining(languages.headers)).toEqual({
        "key-burst": 400,
        "key-minute": 500,
        "company-minute": 1100,
      })
    }
  }, 60_000)

  it("let a key's whole burst of 500 texts through at once, then make the next one wait", async () => {
    const user = await signedInUser(app, 1_000)
    const key = await newKey(app, user)
    const batch = await culturalizeBatch(app, { key }, 500)
    expect(batch.status).toBe(200)
    expect(remaining(batch.headers)).toEqual({
      "key-burst": 0,
      "key-minute": 100,
      "company-minute": 700,
    })
    const refused = await culturalize(app, key)
    expectApiError(refused, 429, "rate_limited")
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(10)
  }, 60_000)

  it("give a signed-in user (the Playground) 60 texts at once and 120 a minute", async () => {
    const user = await signedInUser(app, 10)
    const res = await callApi(app, "/text/culturalize", {
      token: user.token,
      body: { text: "Hi", ...german },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get("ratelimit-policy")).toBe(
      '"playground-burst";q=60;w=10, "playground-minute";q=120;w=60',
    )
    expect(remaining(res.headers)).toEqual({ "playground-burst": 59, "playground-minute": 119 })
  })
})

describe("the text budgets scaled down ten times (keys: bursts of 50, 60 a minute)", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({
      ...roomyLimits,
      RATE_LIMIT_API_KEY_BURST: "50",
      RATE_LIMIT_API_KEY_PER_MINUTE: "60",
      RATE_LIMIT_COMPANY_PER_MINUTE: "70",
      RATE_LIMIT_PLAYGROUND_BURST: "5",
      RATE_LIMIT_PLAYGROUND_PER_MINUTE: "6",
    })
  })
  afterAll(() => app.close())

  it("let a burst of 50 through and refuse the 51st with 429 and Retry-After, spending and charging nothing", async () => {
    const user = await signedInUser(app, 1_000)
    const key = await newKey(app, user)
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => culturalize(app, key, `Text ${i}`)),
    )
    expect(burst.map((answer) => answer.status)).toEqual(Array(50).fill(200))
    expect(await books(app, user.id)).toEqual({ credits: 950, operations: 50 })

    for (let i = 0; i < 2; i++) {
      const refused = await culturalize(app, key, "One more")
      expectApiError(refused, 429, "rate_limited")
      expect(refused.body.error.message).toContain("at most 50 texts in 10 s per API key")
      const wait = Number(refused.headers.get("retry-after"))
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait).toBeLessThanOrEqual(10)
      expect(remaining(refused.headers)).toEqual({
        "key-burst": 0,
        "key-minute": 10,
        "company-minute": 20,
      })
    }
    expect(await books(app, user.id)).toEqual({ credits: 950, operations: 50 })

    // A new 10 s window: the minute's last 10 texts, then the minute's own refusal.
    app.advanceClock(10_000)
    const rest = await Promise.all(
      Array.from({ length: 10 }, (_, i) => culturalize(app, key, `Later ${i}`)),
    )
    expect(rest.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    const refused = await culturalize(app, key)
    expectApiError(refused, 429, "rate_limited")
    expect(refused.body.error.message).toContain("at most 60 texts a minute per API key")
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(10)
    expect(await books(app, user.id)).toEqual({ credits: 940, operations: 60 })
  }, 60_000)

  it("count a batch one text per item, as if each were sent alone", async () => {
    const user = await signedInUser(app, 1_000)
    const key = await newKey(app, user)
    const first = await culturalizeBatch(app, { key }, 30)
    expect(first.status).toBe(200)
    expect(remaining(first.headers)["key-burst"]).toBe(20)
    const tooMany = await culturalizeBatch(app, { key }, 21)
    expectApiError(tooMany, 429, "rate_limited")
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(remaining(tooMany.headers)["key-burst"]).toBe(20)
    expect(await books(app, user.id)).toEqual({ credits: 970, operations: 1 })
    expect((await culturalizeBatch(app, { key }, 20)).status).toBe(200)

    const never = await culturalizeBatch(app, { key }, 51)
    expectApiError(never, 400, "invalid_request")
    expect(never.body.error.message).toMatch(/^items: at most 50 texts at once per API key/)
  })

  it("keep the Playground's budget apart from the API keys', both ways", async () => {
    const user = await signedInUser(app, 1_000)
    const key = await newKey(app, user)
    const playground = () =>
      callApi<ErrorBody>(app, "/text/culturalize", {
        token: user.token,
        body: { text: "Hi", ...german },
      })

    // The Playground's burst used up: the key still has all of its own.
    const sessionBurst = await Promise.all(Array.from({ length: 5 }, playground))
    expect(sessionBurst.map((answer) => answer.status)).toEqual(Array(5).fill(200))
    const sessionRefused = await playground()
    expectApiError(sessionRefused, 429, "rate_limited")
    expect(sessionRefused.body.error.message).toContain("per signed-in user (the Playground)")
    const byKey = await culturalize(app, key)
    expect(byKey.status).toBe(200)
    expect(remaining(byKey.headers)).toEqual({
      "key-burst": 49,
      "key-minute": 59,
      "company-minute": 69,
    })

    // The key's burst used up: another member's Playground is untouched.
    expect((await culturalizeBatch(app, { key }, 49)).status).toBe(200)
    expectApiError(await culturalize(app, key), 429, "rate_limited")
    const other = await signedInUser(app, 10)
    const otherPlayground = await callApi(app, "/text/culturalize", {
      token: other.token,
      body: { text: "Hi", ...german },
    })
    expect(otherPlayground.status).toBe(200)
    expect(remaining(otherPlayground.headers)).toEqual({
      "playground-burst": 4,
      "playground-minute": 5,
    })
  })

  it("cap all of a company's API keys together", async () => {
    const user = await signedInUser(app, 1_000)
    const [first, second] = [await newKey(app, user), await newKey(app, user)]
    expect((await culturalizeBatch(app, { key: first }, 50)).status).toBe(200)
    expect((await culturalizeBatch(app, { key: second }, 20)).status).toBe(200)
    const refused = await culturalize(app, second)
    expectApiError(refused, 429, "rate_limited")
    expect(refused.body.error.message).toContain("for all of a company's API keys together")
    expect(remaining(refused.headers)).toEqual({
      "key-burst": 30,
      "key-minute": 40,
      "company-minute": 0,
    })
  })

  it("put RateLimit headers on every /api/v1 and /mcp answer, spending nothing outside the texts", async () => {
    const user = await signedInUser(app, 10)
    const key = await newKey(app, user)
    expect((await culturalize(app, key)).status).toBe(200)
    const spent = { "key-burst": 49, "key-minute": 59, "company-minute": 69 }

    const invalid = await callApi(app, "/text/culturalize", { ...withKey(key), body: { text: "" } })
    expect(invalid.status).toBe(400)
    expect(remaining(invalid.headers)).toEqual(spent)
    const forbidden = await callApi(app, "/api-keys", { ...withKey(key), body: { name: "child" } })
    expect(forbidden.status).toBe(403)
    expect(remaining(forbidden.headers)).toEqual(spent)

    // Readable by a browser's code, as Retry-After is.
    expect(invalid.headers.get("access-control-expose-headers")).toContain(
      "RateLimit,RateLimit-Policy",
    )

    // No credentials: an API key's policy, none of it spent.
    const anonymous = await callApi(app, "/user/languages")
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get("ratelimit-policy")).toBe(
      '"key-burst";q=50;w=10, "key-minute";q=60;w=60, "company-minute";q=70;w=60',
    )
    expect(remaining(anonymous.headers)).toEqual({
      "key-burst": 50,
      "key-minute": 60,
      "company-minute": 70,
    })
    // An unknown path authenticates no one: the same.
    const unknown = await callApi(app, "/no/such/endpoint", withKey(key))
    expect(unknown.status).toBe(404)
    expect(remaining(unknown.headers)["key-burst"]).toBe(50)
    const docs = await app.fetch("/api/v1/openapi.json")
    expect(docs.status).toBe(200)
    expect(docs.headers.get("ratelimit-policy")).toContain('"key-burst";q=50;w=10')
    const { info } = (await docs.json()) as { info: { description: string } }
    expect(info.description).toContain("## Rate limits")
    expect(info.description).toContain("60 texts a minute, up to 50 of them")

    // A signed-in user's own budget, on a route that spends none of it.
    const session = await callApi(app, "/usage/balance", { token: user.token })
    expect(session.status).toBe(200)
    expect(remaining(session.headers)).toEqual({ "playground-burst": 5, "playground-minute": 6 })

    const mcp = (headers: Record<string, string>) =>
      app.fetch("/mcp", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-03-26",
            capabilities: {},
            clientInfo: { name: "rate-limits-test", version: "1.0.0" },
          },
        }),
      })
    const initialized = await mcp({ "X-API-Key": key })
    expect(initialized.status).toBe(200)
    expect(initialized.headers.get("ratelimit-policy")).toContain('"key-burst";q=50;w=10')
    expect(remaining(initialized.headers)).toEqual(spent)
    const refused = await mcp({})
    expect(refused.status).toBe(401)
    expect(remaining(refused.headers)["key-burst"]).toBe(50)
  })
})
