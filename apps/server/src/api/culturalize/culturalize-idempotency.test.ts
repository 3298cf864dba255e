import { isDeepStrictEqual } from "node:util"

import type { CulturalizeResponse } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { EngineProviderError } from "../../engine"
import type { CulturalizeEngine } from "../../engine/types"
import { grantCredits } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { expireIdempotentRequests } from "./idempotency.repo"

// use_memory: false: every key here is a new, charged request, even for a text sent before.
const german = { language: "German", language_code: "DE", tool: "api", use_memory: false }

// An engine that takes a few milliseconds, like a real one, so concurrent sends interleave.
const jittery: CulturalizeEngine = {
  name: "offline",
  culturalize: async (request) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 8))
    return { text: `[${request.languageCode}] ${request.text}` }
  },
}

async function ledger(app: TestApp, userId: string) {
  const { rows } = await sql<{ credits: number; charges: number; operations: number }>`
    select u.credits,
      (select count(*)::int from public.credit_ledger l where l.user_id = u.id and l.reason = 'culturalize') as charges,
      (select count(*)::int from public.operations o where o.user_id = u.id) as operations
    from public.users u where u.id = ${userId}
  `.execute(app.deps.database.db)
  return rows[0]!
}

describe("Idempotency-Key under concurrency", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: jittery })
  })
  afterAll(() => app.close())

  it.each([1, 2, 3])(
    "gives every send of a key the same answer while the balance runs out, and charges each key at most once (round %i)",
    async () => {
      const keys = 150
      const balance = 60
      const user: ApiUser = await signedInUser(app, balance)
      const send = (key: number) =>
        callApi<CulturalizeResponse | { error: { code: string; message: string } }>(
          app,
          "/text/culturalize",
          {
            token: user.token,
            body: { text: `Request ${key}`, ...german },
            headers: { "Idempotency-Key": `round-key-${key}` },
          },
        )
      const answers = await Promise.all(
        Array.from({ length: keys }, (_, key) => Promise.all([send(key), send(key), send(key)])),
      )

      const contradictions = answers.filter(
        ([first, ...rest]) =>
          !rest.every(
            (other) => other.status === first!.status && isDeepStrictEqual(other.body, first!.body),
          ),
      )
      expect(contradictions.map((sends) => sends.map((s) => s.status))).toEqual([])
      const charged = answers.filter(([first]) => first!.status === 200).length
      expect(charged).toBe(balance)
      expect(answers.filter(([first]) => first!.status === 402)).toHaveLength(keys - balance)
      expect(await ledger(app, user.id)).toEqual({
        credits: 0,
        charges: balance,
        operations: balance,
      })
    },
    120_000,
  )
})

describe("Idempotency-Key outcomes", () => {
  let engineCalls = 0
  let failing = false
  const slow: CulturalizeEngine = {
    name: "offline",
    culturalize: async (request) => {
      engineCalls += 1
      // Long enough that sends made together still overlap on a loaded CI machine (at 300 ms a
      // third send once arrived after the first had failed, and ran the engine again).
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      if (failing) throw new EngineProviderError("The culturalization provider is unavailable.")
      return { text: request.text }
    },
  }
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: slow })
  })
  afterAll(() => app.close())

  const send = (user: ApiUser, key: string, text = "Hello") =>
    callApi<CulturalizeResponse & ErrorBody>(app, "/text/culturalize", {
      token: user.token,
      body: { text, ...german },
      headers: { "Idempotency-Key": key },
    })

  it("runs the engine once for overlapping sends and gives all of them its failure", async () => {
    const user = await signedInUser(app, 10)
    failing = true
    const before = engineCalls
    try {
      const answers = await Promise.all([send(user, "k"), send(user, "k"), send(user, "k")])
      for (const answer of answers) expectApiError(answer, 502, "engine_failed")
      expect(answers[1]!.body).toEqual(answers[0]!.body)
      expect(answers[2]!.body).toEqual(answers[0]!.body)
      expect(engineCalls - before).toBe(1)
    } finally {
      failing = false
    }
    const retried = await send(user, "k")
    expect(retried.status).toBe(200)
    expect(engineCalls - before).toBe(2)
    expect(await ledger(app, user.id)).toEqual({ credits: 9, charges: 1, operations: 1 })
  })

  it("lets a key refused for lack of credits succeed once credits are bought", async () => {
    const user = await signedInUser(app, 0)
    expectApiError(await send(user, "after-purchase"), 402, "insufficient_credits")
    await grantCredits(app.deps, user.id, 5)
    const paid = await send(user, "after-purchase")
    expect(paid.status).toBe(200)
    expect(await send(user, "after-purchase")).toMatchObject({ status: 200, body: paid.body })
    expect(await ledger(app, user.id)).toEqual({ credits: 4, charges: 1, operations: 1 })
  })

  it("refuses a key reused with a different request while the first is still running", async () => {
    const user = await signedInUser(app, 10)
    const [first, other] = await Promise.all([
      send(user, "busy", "Hello"),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => send(user, "busy", "Other")),
    ])
    expect(first.status).toBe(200)
    expectApiError(other, 422, "idempotency_conflict")
  })

  it("accepts a key of 255 characters, the header's limit, and charges it once", async () => {
    const user = await signedInUser(app, 10)
    const key = "k".repeat(255)
    const first = await send(user, key)
    expect(first.status).toBe(200)
    expect(await send(user, key)).toMatchObject({ status: 200, body: first.body })
    expect(await ledger(app, user.id)).toEqual({ credits: 9, charges: 1, operations: 1 })
  })

  it("keeps answers for 24 hours and deletes older ones when keys are used", async () => {
    const user = await signedInUser(app, 10)
    const kept = await send(user, "day-old")
    await send(user, "expired")
    const age = async (key: string, hours: number) =>
      sql`
        update nativ.idempotent_requests set created_at = now() - make_interval(hours => ${hours})
        where user_id = ${user.id} and idempotency_key = ${key}
      `.execute(app.deps.database.db)
    await age("day-old", 23)
    await age("expired", 25)

    await send(user, "fresh")
    const { rows } = await sql<{ idempotency_key: string }>`
      select idempotency_key from nativ.idempotent_requests where user_id = ${user.id}
      order by idempotency_key
    `.execute(app.deps.database.db)
    expect(rows.map((r) => r.idempotency_key)).toEqual(["day-old", "fresh"])

    expect(await send(user, "day-old")).toMatchObject({ status: 200, body: kept.body })
    // Past its retention a key is new again: the request runs and is charged as a new one.
    expect((await send(user, "expired")).status).toBe(200)
    expect(await ledger(app, user.id)).toEqual({ credits: 6, charges: 4, operations: 4 })
  })
  it("lets two replicas expire old answers at once, each deleting different rows", async () => {
    const user = await signedInUser(app, 0)
    const db = app.deps.database.db
    await sql`
      insert into nativ.idempotent_requests (user_id, idempotency_key, request_hash, status, response, created_at)
      select ${user.id}, 'old-' || i, 'hash', 200, '{}'::jsonb, now() - interval '2 days'
      from generate_series(1, 150) i
    `.execute(db)
    const deleted = await Promise.all([expireIdempotentRequests(db), expireIdempotentRequests(db)])
    expect(deleted[0]! + deleted[1]!).toBe(150)
    expect(Math.max(...deleted)).toBeLessThanOrEqual(100)
    const { rows } = await sql<{ left: number }>`
      select count(*)::int as left from nativ.idempotent_requests where user_id = ${user.id}
    `.execute(db)
    expect(rows[0]!.left).toBe(0)
  })
})
