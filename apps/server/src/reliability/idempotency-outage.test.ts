import type { CulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import type { CulturalizeEngine } from "../engine/types"
import type { TestApp } from "../testing/test-app"

/**
 * A keyed culturalize request that fails with 503 because the database went away must not leave
 * its Idempotency-Key claimed: once the database is back, the client's retry with the same key is
 * answered in the usual time (not after the claim goes stale, over a minute, nor with 409), and
 * the text is charged once. The outage is every new database connection refused (what a restart
 * or failover looks like to the pool), starting while the engine works on the request.
 */

const german = { language: "German", language_code: "DE", tool: "api", use_memory: false }

let outage = false
let onEngine = () => {}
const engine: CulturalizeEngine = {
  name: "offline",
  culturalize: async (request) => {
    onEngine()
    return { text: `[${request.languageCode}] ${request.text}` }
  },
}

/** Every connection the server asks its pool for is refused while `outage` is set. */
function refuseConnectionsDuringOutage(app: TestApp) {
  const pool = app.deps.database.pool as unknown as { connect: (...args: unknown[]) => unknown }
  const connect = pool.connect.bind(pool)
  pool.connect = (...args: unknown[]) =>
    outage
      ? Promise.reject(
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
            code: "ECONNREFUSED",
          }),
        )
      : connect(...args)
}

async function charges(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; charges: number; operations: number }>`
    select u.credits,
      (select count(*)::int from public.credit_ledger l where l.user_id = u.id and l.reason = 'culturalize') as charges,
      (select count(*)::int from public.operations o where o.user_id = u.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return rows[0]!
}

async function claimsOf(app: TestApp, userId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from nativ.idempotent_requests where user_id = ${userId}
  `.execute(app.deps.database.db)
  return rows[0]!.n
}

describe("an Idempotency-Key whose request failed in a database outage", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine })
    refuseConnectionsDuringOutage(app)
  })
  afterAll(() => {
    outage = false
    return app.close()
  })

  const send = (user: ApiUser, key: string, text: string) =>
    callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: user.token,
      headers: { "Idempotency-Key": key },
      body: { text, ...german },
    })

  /** The first send of `key` fails with 503: the database goes away while the engine runs. */
  async function failInOutage(user: ApiUser, key: string, text: string) {
    onEngine = () => {
      outage = true
      onEngine = () => {}
    }
    const failed = await send(user, key, text)
    expect(failed.status).toBe(503)
    expect(failed.headers.get("retry-after")).toBe("1")
    // A retry while the database is still away fails fast too.
    expect((await send(user, key, text)).status).toBe(503)
    outage = false
  }

  it("answers the retry at once when the database is back, and charges once", async () => {
    const user = await signedInUser(app, 100)
    const text = "Hello from the outage"
    await failInOutage(user, "outage-retry", text)

    const started = performance.now()
    const retried = await send(user, "outage-retry", text)
    const ms = performance.now() - started
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    expect(retried.body.translated_text).toBe(`[de] ${text}`)
    // Not after the claim goes stale (the engine timeout + 15 s): 2 s ran out at load 14 on PGlite.
    expect(ms).toBeLessThan(15_000)

    const replayed = await send(user, "outage-retry", text)
    expect(replayed.status).toBe(200)
    expect(replayed.body.operation_id).toBe(retried.body.operation_id)
    expect(await charges(app, user.id)).toEqual({
      credits: 100 - retried.body.cost,
      charges: 1,
      operations: 1,
    })
  })

  it("gives the claim up on its own once the database is back, for a retry that reaches another replica", async () => {
    const user = await signedInUser(app, 100)
    await failInOutage(user, "outage-elsewhere", "Hello from another replica")

    // No send of the key reaches this process: the failed attempt's claim is released anyway.
    const deadline = Date.now() + 3_000
    while ((await claimsOf(app, user.id)) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(await claimsOf(app, user.id)).toBe(0)
    expect(await charges(app, user.id)).toEqual({ credits: 100, charges: 0, operations: 0 })
  })
})
