import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { ApiKey, ApiKeyList, CreatedApiKey } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

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

// Takes a few milliseconds, like a real engine, so concurrent requests interleave.
let engineCalls = 0
const jittery: CulturalizeEngine = {
  name: "offline",
  culturalize: async (input) => {
    engineCalls += 1
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 8))
    return { text: `[${input.languageCode}] ${input.text}` }
  },
}

// use_memory: false: every request is a fresh, charged one. Texts under 100 characters cost 1.
const german = { language: "German", language_code: "DE", tool: "api", use_memory: false }

/**
 * A key's monthly credit cap as its callers meet it: single requests, batches and MCP tools are
 * refused with 402 key_cap_reached once the key has spent its cap, other keys keep working, and
 * under concurrency a month never ends more than one request's cost over the cap.
 */
describe("API key monthly credit caps: enforcement", () => {
  let app: TestApp
  let owner: ApiUser

  const createKey = async (name: string, cap: number | null) => {
    const res = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: owner.token,
      body: { name, monthly_credit_cap: cap },
    })
    expect(res.status).toBe(201)
    return res.body
  }
  const culturalize = (key: string, text: string, extra: Record<string, unknown> = german) =>
    callApi(app, "/text/culturalize", { token: key, body: { text, ...extra } })
  const culturalizeBatch = (key: string, texts: string[]) =>
    callApi(app, "/text/culturalize-batch", {
      token: key,
      body: { items: texts.map((text) => ({ text })), ...german },
    })
  const listed = async (id: string): Promise<ApiKey> =>
    (await callApi<ApiKeyList>(app, "/api-keys", { token: owner.token })).body.api_keys.find(
      (k) => k.id === id,
    )!
  /** The key's charged operations this month, from the operations themselves. */
  const chargedOperations = async (keyId: string) => {
    const { rows } = await sql<{ credits: number; count: number }>`
      select coalesce(sum(cost), 0)::int as credits, count(*) filter (where cost > 0)::int as count
      from public.operations
      where api_key_id = ${keyId} and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
    `.execute(app.deps.database.db)
    return rows[0]!
  }
  const balance = async () => {
    const { rows } = await sql<{
      credits: number
    }>`select credits::int as credits from public.users where id = ${owner.id}`.execute(
      app.deps.database.db,
    )
    return rows[0]!.credits
  }

  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: jittery })
    owner = await signedInUser(app, 100_000)
  })
  afterAll(() => app.close())

  it("refuses a key that has spent its cap with 402 key_cap_reached while other keys keep working", async () => {
    const capped = await createKey("capped", 3)
    const other = await createKey("other", null)
    for (let i = 0; i < 3; i++)
      expect((await culturalize(capped.key, `Hello ${i}`)).status).toBe(200)
    const before = await balance()
    const calls = engineCalls

    const refused = await culturalize(capped.key, "One more")
    expectApiError(refused, 402, "key_cap_reached")
    expect(engineCalls).toBe(calls)
    expect((refused.body as ErrorBody).error.message).toBe(
      "This API key has used its monthly cap of 3 credits. Raise the cap on the API Keys page or use another key.",
    )
    expect(await balance()).toBe(before)
    expect(await listed(capped.id)).toMatchObject({
      monthly_credit_cap: 3,
      credits_used_this_month: 3,
    })
    expect((await listed(capped.id)).last_used_at).not.toBeNull()

    expect((await culturalize(other.key, "Another key")).status).toBe(200)
    expect((await culturalize(owner.token, "A signed-in session")).status).toBe(200)
    expect((await listed(other.id)).credits_used_this_month).toBe(1)

    // An exact repeat is answered from memory for free, so the cap does not stand in its way.
    const repeat = await culturalize(capped.key, "Hello 0", { ...german, use_memory: true })
    expect(repeat.status).toBe(200)
    expect(repeat.body).toMatchObject({ from_memory: true, cost: 0 })

    const raised = await callApi(app, `/api-keys/${capped.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { monthly_credit_cap: 4 },
    })
    expect(raised.status).toBe(200)
    expect((await culturalize(capped.key, "After raising")).status).toBe(200)
    expectApiError(await culturalize(capped.key, "Capped again"), 402, "key_cap_reached")
    expect(await chargedOperations(capped.id)).toEqual({ credits: 4, count: 4 })
  })

  it("refuses a capped key's batch before any engine work and lets the last batch under the cap through", async () => {
    const key = await createKey("plugin", 5)
    expect((await culturalizeBatch(key.key, ["a", "b", "c"])).status).toBe(200)
    // 3 of 5 spent: the next batch is let through whole, ending the month one request over.
    expect((await culturalizeBatch(key.key, ["d", "e", "f"])).status).toBe(200)
    const calls = engineCalls
    const refused = await culturalizeBatch(key.key, ["g"])
    expectApiError(refused, 402, "key_cap_reached")
    expect(engineCalls).toBe(calls)
    expect((refused.body as ErrorBody).error.message).toContain("monthly cap of 5 credits")
    expect((await listed(key.id)).credits_used_this_month).toBe(6)
    expect(await chargedOperations(key.id)).toEqual({ credits: 6, count: 2 })
  })

  it("holds a cap of 10 under 40 concurrent 1-credit requests: exactly 10 charged", async () => {
    const key = await createKey("busy", 10)
    const before = await balance()
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => culturalize(key.key, `Concurrent ${i}`)),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(30)
    for (const r of results.filter((r) => r.status === 402))
      expect((r.body as ErrorBody).error.code).toBe("key_cap_reached")
    expect(await chargedOperations(key.id)).toEqual({ credits: 10, count: 10 })
    expect((await listed(key.id)).credits_used_this_month).toBe(10)
    expect(before - (await balance())).toBe(10)
  }, 120_000)

  it("holds a cap under concurrent batches: at most one batch over, and the count matches the operations", async () => {
    const key = await createKey("busy plugin", 10)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => culturalizeBatch(key.key, [`x${i}`, `y${i}`, `z${i}`])),
    )
    const ok = results.filter((r) => r.status === 200).length
    expect(results.every((r) => r.status === 200 || r.status === 402)).toBe(true)
    // 3-credit batches while fewer than 10 are spent: 0, 3, 6, 9 → 4 batches, 12 credits.
    expect(ok).toBe(4)
    const charged = await chargedOperations(key.id)
    expect(charged).toEqual({ credits: 12, count: 4 })
    expect(charged.credits).toBeLessThanOrEqual(10 + 3)
    expect((await listed(key.id)).credits_used_this_month).toBe(12)
  }, 120_000)

  it("starts every calendar month (UTC) at zero", async () => {
    const key = await createKey("monthly", 2)
    for (const text of ["m1", "m2"]) expect((await culturalize(key.key, text)).status).toBe(200)
    expectApiError(await culturalize(key.key, "m3"), 402, "key_cap_reached")

    // The key's counter as the last charge of the previous month left it.
    await sql`
      update public.api_keys
      set usage_month = (date_trunc('month', now() at time zone 'UTC') - interval '1 month')::date
      where id = ${key.id}
    `.execute(app.deps.database.db)
    expect((await listed(key.id)).credits_used_this_month).toBe(0)
    expect((await culturalize(key.key, "new month")).status).toBe(200)
    expect((await listed(key.id)).credits_used_this_month).toBe(1)
    const { rows } = await sql<{ usage_month: string }>`
      select to_char(usage_month, 'YYYY-MM-DD') as usage_month from public.api_keys where id = ${key.id}
    `.execute(app.deps.database.db)
    const now = new Date()
    expect(rows[0]!.usage_month).toBe(
      `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`,
    )
  })

  it("answers an MCP tool call with a capped key as a tool error carrying the message", async () => {
    const key = await createKey("assistant", 1)
    expect((await culturalize(key.key, "spend it")).status).toBe(200)
    const client = new Client({ name: "nativ-test", version: "1.0.0" })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key.key}` } },
      }),
    )
    try {
      for (const [name, args] of [
        ["translate", { text: "Hello", target_language: "German", target_language_code: "DE" }],
        [
          "translate_batch",
          { texts: ["a", "b"], target_language: "German", target_language_code: "DE" },
        ],
      ] as const) {
        const result = (await client.callTool({ name, arguments: args })) as {
          content: { text: string }[]
          isError?: boolean
        }
        expect(result.isError).toBe(true)
        expect(result.content[0]!.text).toContain(
          "This API key has used its monthly cap of 1 credit.",
        )
      }
    } finally {
      await client.close()
    }
    expect(await chargedOperations(key.id)).toEqual({ credits: 1, count: 1 })
  })
})
