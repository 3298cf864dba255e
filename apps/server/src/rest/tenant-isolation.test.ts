import type { SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, insertOperations, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** For every table and verb, user A's token never reads or changes user B's rows. */
type TableCase = {
  table: string
  owner: string
  /** a row a client might try to insert for `userId` */
  row: (userId: string) => Record<string, unknown>
  /** a column a client might try to change */
  patch: Record<string, unknown>
  /** the verbs the owner may use (the rest must be refused or affect nothing) */
  ownerMay: ("select" | "insert" | "delete")[]
}

const tables: TableCase[] = [
  {
    table: "users",
    owner: "id",
    row: (id) => ({ id, name: "x" }),
    patch: { credits: 10 ** 9 },
    ownerMay: ["select"],
  },
  {
    table: "end_users",
    owner: "user_id",
    row: (id) => ({ user_id: id, email: `${id}@evil.test` }),
    patch: { email: "evil@evil.test" },
    ownerMay: ["select"],
  },
  {
    table: "operations",
    owner: "user_id",
    row: (id) => ({ user_id: id, action: "free", tool: "dashboard", cost: 0 }),
    patch: { cost: 0 },
    ownerMay: ["select"],
  },
  {
    table: "user_languages_mapping",
    owner: "user_id",
    row: (id) => ({ user_id: id, language: "Basque", language_code: "EU" }),
    patch: { language: "Hacked" },
    ownerMay: ["select", "insert", "delete"],
  },
  {
    table: "user_feedback",
    owner: "user_id",
    row: (id) => ({ user_id: id, source: "s", result: "r", language: "French", approved: true }),
    patch: { approved: false },
    ownerMay: ["select", "insert"],
  },
  {
    table: "api_keys",
    owner: "user_id",
    row: (id) => ({ user_id: id, name: "k", key_hash: "h".repeat(64), key_preview: "nativ_…" }),
    patch: { revoked_at: null },
    ownerMay: [],
  },
  {
    table: "payments",
    owner: "user_id",
    row: (id) => ({
      user_id: id,
      provider: "local",
      session_id: `s-${id}`,
      credits: 10,
      amount_cents: 1,
    }),
    patch: { status: "paid" },
    ownerMay: ["select"],
  },
  {
    table: "credit_ledger",
    owner: "user_id",
    row: (id) => ({ user_id: id, delta: 1000, balance_after: 1000, reason: "gift", reference: id }),
    patch: { delta: 10 ** 9 },
    ownerMay: ["select"],
  },
  {
    table: "operation_stats",
    owner: "user_id",
    row: (id) => ({
      user_id: id,
      bucket_start: new Date().toISOString(),
      operations: 5,
      with_language: 5,
    }),
    patch: { operations: 0 },
    ownerMay: ["select"],
  },
  {
    table: "operation_language_stats",
    owner: "user_id",
    row: (id) => ({ user_id: id, language: "Klingon", operations: 5 }),
    patch: { operations: 0 },
    ownerMay: ["select"],
  },
]

describe("tenant isolation", () => {
  let app: TestApp
  let a: TestUser
  let b: TestUser
  let asA: SupabaseClient
  let snapshot: () => Promise<string>

  beforeAll(async () => {
    app = await createTestApp()
    a = await createTestUser(app, { credits: 100 })
    b = await createTestUser(app, { credits: 200 })
    asA = a.client()
    const db = app.deps.database.db
    for (const [user, language] of [
      [a, "French"],
      [b, "Japanese"],
    ] as const) {
      await insertOperations(app.deps, user.id, [{ language }, { language }, { language: null }])
      await sql`insert into public.user_languages_mapping (user_id, language, language_code)
        values (${user.id}, ${language}, ${language.slice(0, 2).toUpperCase()})`.execute(db)
      await sql`insert into public.user_feedback (user_id, source, result, language, approved)
        values (${user.id}, 'hi', 'salut', ${language}, true)`.execute(db)
      await sql`insert into public.api_keys (user_id, name, key_hash, key_preview)
        values (${user.id}, 'key', ${`hash-of-${user.id}`}, 'nativ_ab…')`.execute(db)
      await sql`insert into public.payments (user_id, provider, session_id, credits, amount_cents)
        values (${user.id}, 'local', ${`cs-${user.id}`}, 20000, 2000)`.execute(db)
    }
    // Everything of every account, to prove nothing changed after each attack.
    snapshot = async () => {
      const parts: string[] = []
      for (const t of tables) {
        const { rows } =
          await sql`select * from ${sql.id("public", t.table)} order by 1, 2`.execute(db)
        parts.push(JSON.stringify(rows))
      }
      return parts.join("\n")
    }
  })
  afterAll(() => app.close())

  describe.each(tables)("$table", (t) => {
    it("selects only the caller's rows, or is refused", async () => {
      const { data, error, status } = await asA.from(t.table).select("*")
      if (t.ownerMay.includes("select")) {
        expect(error).toBeNull()
        expect(data!.length).toBeGreaterThan(0)
        expect(data!.every((row) => row[t.owner] === a.id)).toBe(true)
      } else {
        expect(status).toBe(403)
        expect(data).toBeNull()
      }
      const filtered = await asA.from(t.table).select("*").eq(t.owner, b.id)
      expect(filtered.data ?? []).toEqual([])
    })

    it("never inserts a row for another account, and only allowed rows for itself", async () => {
      const before = await snapshot()
      const forB = await asA.from(t.table).insert(t.row(b.id))
      expect(forB.status).toBeGreaterThanOrEqual(400)
      if (!t.ownerMay.includes("insert")) {
        const forA = await asA.from(t.table).insert(t.row(a.id))
        expect(forA.status).toBe(403)
        expect(await snapshot()).toBe(before)
      }
    })

    it("never updates a row, its own or another account's", async () => {
      const before = await snapshot()
      const other = await asA.from(t.table).update(t.patch).eq(t.owner, b.id)
      expect(other.status).toBe(403)
      const own = await asA.from(t.table).update(t.patch).eq(t.owner, a.id)
      expect(own.status).toBe(403)
      expect(await snapshot()).toBe(before)
    })

    it("never deletes another account's rows", async () => {
      const before = await snapshot()
      const res = await asA.from(t.table).delete().eq(t.owner, b.id)
      if (t.ownerMay.includes("delete")) expect(res.status).toBe(204)
      else expect(res.status).toBe(403)
      expect(await snapshot()).toBe(before)
    })

    it("reads nothing with the anon key", async () => {
      const { data, status } = await app.client().from(t.table).select("*")
      expect(status).toBe(401)
      expect(data).toBeNull()
    })
  })

  it("keeps API key hashes out of every client's reach", async () => {
    for (const client of [asA, app.client()]) {
      const { data, error } = await client.from("api_keys").select("key_hash")
      expect(data).toBeNull()
      expect(error?.code).toBe("42501")
    }
  })

  it("answers analytics functions with the caller's figures only", async () => {
    const languages = await asA.rpc("operation_language_counts")
    expect(languages.data).toEqual([{ language: "French", count: 2 }])
    const days = await asA.rpc("operation_daily_counts", { time_zone: "UTC" })
    expect(days.data).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 2 }])
    const today = await asA.rpc("operations_today")
    expect(today.data).toMatchObject({ operations: 3, files: 3 })
  })

  it("refuses analytics functions and the balance function to anon", async () => {
    const anon = app.client()
    for (const fn of ["operation_language_counts", "operation_daily_counts", "operations_today"]) {
      const res = await anon.rpc(fn)
      expect(res.status, fn).toBe(401)
    }
    const hidden = await asA.rpc("apply_credit_delta", {
      p_user_id: a.id,
      p_delta: 1000,
      p_reason: "gift",
      p_reference: "x",
    })
    expect(hidden.status).toBe(404)
  })

  it("lets the service role read every account, bypassing RLS", async () => {
    const service = app.client(app.deps.keys.serviceRole)
    const { data } = await service
      .from("users")
      .select("id, credits")
      .in("id", [a.id, b.id])
      .order("credits")
    expect(data).toEqual([
      { id: a.id, credits: 100 },
      { id: b.id, credits: 200 },
    ])
  })
})
