import type { CreatedApiKey, Usage, UsageBalance } from "@nativ/contracts"
import { sql } from "kysely"
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
import { countedUsage, insertUsageOperations } from "./usage-test-kit"

const RANGE = "from=2026-03-01&to=2026-03-03"

describe("GET /api/v1/usage", () => {
  let app: TestApp
  let owner: ApiUser
  let other: ApiUser
  let ci: CreatedApiKey
  let old: CreatedApiKey
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    other = await signedInUser(app)
    const createKey = async (name: string) =>
      (await callApi<CreatedApiKey>(app, "/api-keys", { token: owner.token, body: { name } })).body
    ci = await createKey("CI pipeline")
    old = await createKey("Old plugin key")
    await insertUsageOperations(app.deps, owner.id, [
      // 2026-02-28 23:30 UTC is March 1st in Paris, February in UTC
      { at: "2026-02-28T23:30:00Z", cost: 7, language: "German", tool: "figma" },
      { at: "2026-03-01T00:00:00Z", cost: 10, language: "German", tool: "api", apiKeyId: ci.id },
      { at: "2026-03-01T12:00:00Z", cost: 5, language: "French", tool: "api", apiKeyId: ci.id },
      {
        at: "2026-03-02T09:15:00Z",
        cost: 20,
        language: null,
        tool: "dashboard",
        member: "ana@example.com",
      },
      {
        at: "2026-03-02T10:00:00Z",
        cost: 5,
        language: "Japanese",
        tool: "figma",
        apiKeyId: old.id,
        member: "ana@example.com",
      },
      {
        at: "2026-03-03T23:59:59.999Z",
        cost: 3,
        language: "French",
        tool: "mcp",
        member: "bo@example.com",
      },
      { at: "2026-03-04T00:00:00Z", cost: 100, language: "French", tool: "api" },
    ])
    await callApi(app, `/api-keys/${old.id}`, { method: "DELETE", token: owner.token })
    // Another company's operations on the same days never count.
    await insertUsageOperations(app.deps, other.id, [
      { at: "2026-03-02T12:00:00Z", cost: 1000, language: "German", tool: "api" },
    ])
  })
  afterAll(() => app.close())

  const usage = async (query: string, token = owner.token) => {
    const res = await callApi<Usage>(app, `/usage?${query}`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  it("counts a range's days, oldest first, with its totals", async () => {
    expect(await usage(RANGE)).toEqual({
      from: "2026-03-01",
      to: "2026-03-03",
      group_by: "day",
      time_zone: "UTC",
      total: { operations: 5, credits: 43 },
      rows: [
        { key: "2026-03-01", label: "2026-03-01", operations: 2, credits: 15 },
        { key: "2026-03-02", label: "2026-03-02", operations: 2, credits: 25 },
        { key: "2026-03-03", label: "2026-03-03", operations: 1, credits: 3 },
      ],
    })
  })

  it("counts days in the time zone asked for", async () => {
    const paris = await usage(`${RANGE}&time_zone=Europe/Paris`)
    expect(paris.time_zone).toBe("Europe/Paris")
    expect(paris.rows.map((r) => [r.key, r.operations, r.credits])).toEqual([
      ["2026-03-01", 3, 22],
      ["2026-03-02", 2, 25],
    ])
    expect(paris.total).toEqual({ operations: 5, credits: 47 })
  })

  it("groups by language, tool, API key and member, most credits first, with labels", async () => {
    const rows = async (groupBy: string) =>
      (await usage(`${RANGE}&group_by=${groupBy}`)).rows.map((r) => [
        r.key,
        r.label,
        r.operations,
        r.credits,
      ])
    expect(await rows("language")).toEqual([
      ["", "No language", 1, 20],
      ["German", "German", 1, 10],
      ["French", "French", 2, 8],
      ["Japanese", "Japanese", 1, 5],
    ])
    expect(await rows("tool")).toEqual([
      ["dashboard", "dashboard", 1, 20],
      ["api", "api", 2, 15],
      ["figma", "figma", 1, 5],
      ["mcp", "mcp", 1, 3],
    ])
    // A revoked key keeps its name.
    expect(await rows("api_key")).toEqual([
      ["", "No API key", 2, 23],
      [ci.id, "CI pipeline", 2, 15],
      [old.id, "Old plugin key", 1, 5],
    ])
    expect(await rows("member")).toEqual([
      ["ana@example.com", "ana@example.com", 2, 25],
      ["", "Unknown member", 2, 15],
      ["bo@example.com", "bo@example.com", 1, 3],
    ])
    for (const groupBy of ["day", "language", "tool", "api_key", "member"] as const)
      expect(
        (await usage(`${RANGE}&group_by=${groupBy}`)).rows
          .map(({ key, operations, credits }) => ({ key, operations, credits }))
          .sort((a, b) => (a.key < b.key ? -1 : 1)),
        groupBy,
      ).toEqual(
        await countedUsage(
          app.deps,
          owner.id,
          { from: "2026-03-01", to: "2026-03-03", timeZone: "UTC" },
          groupBy,
        ),
      )
  })

  it("answers an API key and every member of the company, never counting another company", async () => {
    const key = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: owner.token,
      body: { name: "usage reader" },
    })
    const byKey = await callApi<Usage>(app, `/usage?${RANGE}`, {
      headers: { "X-API-Key": key.body.key },
    })
    expect(byKey.status).toBe(200)
    expect(byKey.body.total).toEqual({ operations: 5, credits: 43 })

    const email = `member-${Date.now()}@example.test`
    await invite(app, owner, email, "member")
    const member = await accept(app, email)
    expect((await usage(RANGE, member.token)).total).toEqual({ operations: 5, credits: 43 })

    expect(await usage(RANGE, other.token)).toMatchObject({
      total: { operations: 1, credits: 1000 },
      rows: [{ key: "2026-03-02", operations: 1, credits: 1000 }],
    })
  })

  it("runs from the first operation to today when from and to are left out", async () => {
    const all = await usage("group_by=tool&time_zone=Europe/Paris")
    expect(all.from).toBe("2026-03-01")
    expect(all.to).toBe(localToday("Europe/Paris"))
    expect(all.total).toEqual({ operations: 7, credits: 150 })
    expect((await usage("group_by=tool")).from).toBe("2026-02-28")

    const fresh = await signedInUser(app)
    const empty = await usage("", fresh.token)
    expect(empty).toEqual({
      from: localToday("UTC"),
      to: localToday("UTC"),
      group_by: "day",
      time_zone: "UTC",
      total: { operations: 0, credits: 0 },
      rows: [],
    })
  })

  it("keeps a day-by-day answer to 400 days, asking for from beyond", async () => {
    const fresh = await signedInUser(app)
    await insertUsageOperations(app.deps, fresh.id, [{ at: "2020-01-01T12:00:00Z", cost: 1 }])
    const res = await callApi<ErrorBody>(app, "/usage", { token: fresh.token })
    expectApiError(res, 400, "invalid_request")
    expect(res.body.error.message).toMatch(/^from: .*2020-01-01/)
    expect((await usage("group_by=language", fresh.token)).total).toEqual({
      operations: 1,
      credits: 1,
    })
    expect((await usage("from=2020-01-01&to=2021-02-03", fresh.token)).rows).toHaveLength(1)
  })

  it("refuses bad parameters with 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      ["from=2026-13-01", "from"],
      ["from=2026-02-30", "from"],
      ["from=yesterday", "from"],
      ["from=0000-01-01&to=0000-01-02", "from"],
      ["to=2026/03/01", "to"],
      ["from=2026-03-02&to=2026-03-01", "from"],
      ["from=2025-01-01&to=2026-03-01", "from"],
      ["group_by=week", "group_by"],
      ["time_zone=Mars/Olympus", "time_zone"],
      ["time_zone=UTC%2B5", "time_zone"],
      [`time_zone=${"x".repeat(100)}`, "time_zone"],
    ]
    for (const [query, parameter] of cases) {
      const res = await callApi<ErrorBody>(app, `/usage?${query}`, { token: owner.token })
      expectApiError(res, 400, "invalid_request")
      expect(res.body.error.message, query).toMatch(new RegExp(`^${parameter}\\b`))
    }
    // 400 days is the longest range.
    expect((await usage("from=2025-02-01&to=2026-03-07")).total.operations).toBe(7)
  })

  it("requires credentials", async () => {
    expectApiError(await callApi(app, `/usage?${RANGE}`), 401, "unauthorized")
    expectApiError(await callApi(app, "/usage/balance"), 401, "unauthorized")
  })

  it("keeps the rollups out of other companies' reach on /rest/v1", async () => {
    for (const table of ["usage_bucket_stats", "usage_day_stats"]) {
      const res = await app.fetch(`/rest/v1/${table}?select=user_id,credits`, {
        headers: { apikey: app.deps.keys.anon, Authorization: `Bearer ${other.token}` },
      })
      expect(res.status, table).toBe(200)
      const rows = (await res.json()) as { user_id: string }[]
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.user_id === other.id)).toBe(true)
    }
  })
})

describe("GET /api/v1/usage/balance", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("answers the balance and the credits charged since the 1st of this month (UTC)", async () => {
    const user = await signedInUser(app, 5000)
    const now = new Date()
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
    await insertUsageOperations(app.deps, user.id, [
      { at: new Date(monthStart - 1), cost: 40 },
      { at: new Date(monthStart), cost: 7 },
      { at: now, cost: 5, apiKeyId: null, language: null },
    ])
    await sql`update public.users set credits = credits - 12 where id = ${user.id}`.execute(
      app.deps.database.db,
    )
    const res = await callApi<UsageBalance>(app, "/usage/balance", { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ credits: 4988, spent_this_month: 12 })
  })
})

function localToday(timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date())
}
