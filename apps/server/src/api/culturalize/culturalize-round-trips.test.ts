import type { CreatedApiKey, CulturalizeResponse } from "@nativ/contracts"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

import { logStatements, sequentialRoundTrips } from "../../testing/statement-log"
import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"

// The charged path, as the bench sends it: every request runs the engine and moves the books.
const charged = { language: "German", language_code: "DE", tool: "api", use_memory: false }

/**
 * A charged culturalize request waits on at most three database round trips in turn: the
 * caller's identity, the request's settings (beside the rate limit's count on PostgreSQL), and one
 * statement that checks the key's cap, debits, records the operation and keeps the answer. Every
 * statement is logged at the connection pool, so the rate-limit store's are counted too.
 */
describe("culturalize database round trips", () => {
  let app: TestApp
  let owner: ApiUser
  let log: ReturnType<typeof logStatements> | undefined
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 1000)
  })
  afterEach(() => log?.stop())
  afterAll(() => app.close())

  /** Sends one request and reports its statements and the round trips it waited on in turn. */
  const measured = async (token: string, path: string, body: object) => {
    log = logStatements(app.deps.database.pool)
    const res = await callApi<CulturalizeResponse>(app, path, { token, body })
    log.stop()
    const { statements } = log
    return { res, statements, roundTrips: sequentialRoundTrips(statements) }
  }

  it("is three round trips for a charged request with a session's access token", async () => {
    const { res, statements, roundTrips } = await measured(owner.token, "/text/culturalize", {
      text: "Our spring sale starts on Monday.",
      ...charged,
    })
    expect(res.status).toBe(200)
    expect(res.body.cost).toBe(1)
    expect(res.body.credits_remaining).toBe(999)
    // identity, settings, charge — and, on PostgreSQL, the Playground budget's two counts (its
    // burst and its minute) beside the settings
    expect(statements.length).toBe(app.deps.database.kind === "postgres" ? 5 : 3)
    expect(roundTrips).toBe(3)
  })

  it("is three round trips for a charged request with a capped API key", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: owner.token,
      body: { name: "plugin", monthly_credit_cap: 100 },
    })
    expect(created.status).toBe(201)
    const key = created.body.key
    const send = (text: string) => measured(key, "/text/culturalize", { text, ...charged })
    // The key's lookup notes when it was used (at most once a minute) in the same statement.
    for (const text of ["A first request.", "A second request."]) {
      const { res, roundTrips } = await send(text)
      expect(res.status).toBe(200)
      expect(res.body.cost).toBe(1)
      expect(roundTrips).toBe(3)
    }
  })

  it("is three round trips for a charged batch", async () => {
    const { res, roundTrips } = await measured(owner.token, "/text/culturalize-batch", {
      items: [{ text: "One." }, { text: "Two." }],
      ...charged,
    })
    expect(res.status).toBe(200)
    expect(roundTrips).toBe(3)
  })
})
