import type { SupabaseClient } from "@supabase/supabase-js"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, insertOperations, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

const localDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date)

/** The analytics functions return exactly what the Dashboard and Analytics screens show. */
describe("analytics functions", () => {
  let app: TestApp
  let user: TestUser
  let db: SupabaseClient

  beforeAll(async () => {
    app = await createTestApp()
    user = await createTestUser(app)
    db = user.client()
  })
  afterAll(() => app.close())

  async function fresh() {
    const u = await createTestUser(app)
    return { u, client: u.client() }
  }

  it("counts the top 5 languages and sums the rest into Other", async () => {
    const { u, client } = await fresh()
    const counts: [string, number][] = [
      ["French", 9],
      ["German", 7],
      ["Spanish", 7],
      ["Italian", 5],
      ["Dutch", 4],
      ["Polish", 2],
      ["Greek", 1],
    ]
    await insertOperations(app.deps, u.id, [
      ...counts.flatMap(([language, n]) => Array.from({ length: n }, () => ({ language }))),
      { language: null },
      { language: null },
    ])
    const { data, error } = await client.rpc("operation_language_counts")
    expect(error).toBeNull()
    expect(data).toEqual([
      { language: "French", count: 9 },
      { language: "German", count: 7 },
      { language: "Spanish", count: 7 },
      { language: "Italian", count: 5 },
      { language: "Dutch", count: 4 },
      { language: "Other", count: 3 },
    ])
  })

  it("leaves out Other when five languages or fewer are used", async () => {
    const { u, client } = await fresh()
    await insertOperations(app.deps, u.id, [{ language: "French" }, { language: "German" }])
    const { data } = await client.rpc("operation_language_counts")
    expect(data).toEqual([
      { language: "French", count: 1 },
      { language: "German", count: 1 },
    ])
    const empty = await (await fresh()).client.rpc("operation_language_counts")
    expect(empty.data).toEqual([])
  })

  it("counts operations with a language per day in the caller's time zone", async () => {
    const { u, client } = await fresh()
    await insertOperations(app.deps, u.id, [
      { language: "French", created_at: "2026-03-10T23:30:00Z" },
      { language: "French", created_at: "2026-03-10T12:00:00Z" },
      { language: null, created_at: "2026-03-10T12:00:00Z" },
      { language: "German", created_at: "2026-03-11T04:00:00Z" },
    ])
    const utc = await client.rpc("operation_daily_counts")
    expect(utc.data).toEqual([
      { date: "2026-03-10", count: 2 },
      { date: "2026-03-11", count: 1 },
    ])
    const kolkata = await client.rpc("operation_daily_counts", { time_zone: "Asia/Kolkata" })
    expect(kolkata.data).toEqual([
      { date: "2026-03-10", count: 1 },
      { date: "2026-03-11", count: 2 },
    ])
    const la = await client.rpc("operation_daily_counts", { time_zone: "America/Los_Angeles" })
    expect(la.data).toEqual([{ date: "2026-03-10", count: 3 }])
  })

  it("counts today's operations and distinct files in the caller's time zone", async () => {
    const { u, client } = await fresh()
    const now = Date.now()
    await insertOperations(app.deps, u.id, [
      { file_id: "f1", created_at: new Date(now - 1000) },
      { file_id: "f1", created_at: new Date(now - 2000) },
      { file_id: "f2", created_at: new Date(now - 3000), language: null },
      { file_id: null, created_at: new Date(now - 4000) },
      { file_id: "f3", created_at: new Date(now - 3 * 86_400_000) },
    ])
    for (const zone of ["UTC", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kathmandu"]) {
      const { data, error } = await client.rpc("operations_today", { time_zone: zone })
      expect(error, zone).toBeNull()
      expect(data, zone).toEqual({ date: localDate(new Date(), zone), operations: 4, files: 2 })
    }
  })

  it("refuses an unknown time zone with 400 naming it", async () => {
    for (const zone of ["Mars/Olympus", "UTC+5", "'; drop table users; --", "x".repeat(100)]) {
      const { error, status } = await db.rpc("operation_daily_counts", { time_zone: zone })
      expect(status, zone).toBe(400)
      expect(error?.code).toBe("22023")
      expect(error?.message).toContain("invalid time zone")
    }
    const today = await db.rpc("operations_today", { time_zone: "Nowhere/Land" })
    expect(today.status).toBe(400)
    expect(today.error?.message).toBe('invalid time zone "Nowhere/Land"')
  })

  it("refuses a top_n outside 1..50", async () => {
    expect((await db.rpc("operation_language_counts", { top_n: 0 })).status).toBe(400)
    expect((await db.rpc("operation_language_counts", { top_n: 51 })).status).toBe(400)
  })

  it("stays exact through inserts, deletes and updates of operations", async () => {
    const { u, client } = await fresh()
    const languages = ["French", "German", "Spanish", "Italian", "Dutch", "Polish", "Greek", null]
    const zones = ["UTC", "Europe/Paris", "Asia/Kolkata", "America/New_York"]
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            language: fc.constantFrom(...languages),
            at: fc.integer({ min: 0, max: 20 * 86_400 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom(...zones),
        async (ops, cut, zone) => {
          const base = Date.UTC(2026, 1, 1)
          const ids = await insertOperations(
            app.deps,
            u.id,
            ops.map((o) => ({ language: o.language, created_at: new Date(base + o.at * 1000) })),
          )
          const database = app.deps.database.db
          await sql`delete from public.operations where id = any(${ids.filter((_, i) => i % 10 === cut)}::bigint[])`.execute(
            database,
          )
          await sql`update public.operations set language = 'Greek', created_at = created_at + interval '7 hours'
            where id = any(${ids.filter((_, i) => i % 7 === cut)}::bigint[])`.execute(database)

          const { data: rows } = await client.from("operations").select("language, created_at")
          const byLanguage = new Map<string, number>()
          const byDay = new Map<string, number>()
          for (const row of rows as { language: string | null; created_at: string }[]) {
            if (row.language === null) continue
            byLanguage.set(row.language, (byLanguage.get(row.language) ?? 0) + 1)
            const day = localDate(new Date(row.created_at), zone)
            byDay.set(day, (byDay.get(day) ?? 0) + 1)
          }
          const top = await client.rpc("operation_language_counts", { top_n: 50 })
          expect(
            Object.fromEntries(
              (top.data as { language: string; count: number }[]).map((r) => [r.language, r.count]),
            ),
          ).toEqual(Object.fromEntries(byLanguage))
          const days = await client.rpc("operation_daily_counts", { time_zone: zone })
          expect(days.data).toEqual(
            [...byDay]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([date, count]) => ({ date, count })),
          )
          const { count } = await client
            .from("operations")
            .select("*", { count: "exact", head: true })
            .eq("user_id", u.id)
          expect(count).toBe(rows!.length)
        },
      ),
      { numRuns: 12 },
    )
  })
})
