import type { SupabaseClient } from "@supabase/supabase-js"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, insertOperations, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** Every /rest/v1 call of the spec's section 7, sent exactly as the dashboard sends it. */
describe("the dashboard's REST queries", () => {
  let app: TestApp
  let user: TestUser
  let other: TestUser
  let db: SupabaseClient
  const start = Date.now() - 30 * 86_400_000

  beforeAll(async () => {
    app = await createTestApp()
    user = await createTestUser(app, { companyName: "acme studio", credits: 1500 })
    other = await createTestUser(app, { credits: 99 })
    db = user.client()
    await insertOperations(
      app.deps,
      user.id,
      Array.from({ length: 57 }, (_, i) => ({
        action: `action-${i}`,
        file_id: `file-${i % 5}`,
        language: i % 4 === 0 ? null : ["French", "German", "Spanish"][i % 3]!,
        tool: ["dashboard", "figma", "photoshop"][i % 3]!,
        cost: i,
        created_at: new Date(start + i * 3_600_000),
      })),
    )
    await insertOperations(app.deps, other.id, [{ action: "other-tenant" }, { action: "other-2" }])
  })
  afterAll(() => app.close())

  it("reads the balance with users select credits eq id single", async () => {
    const { data, error, status } = await db
      .from("users")
      .select("credits")
      .eq("id", user.id)
      .single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual({ credits: 1500 })
  })

  it("reads the company name with users select name eq id single", async () => {
    const { data, error } = await db.from("users").select("name").eq("id", user.id).single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: "acme studio" })
  })

  it("finds the end user id by the session email", async () => {
    const { data, error } = await db
      .from("end_users")
      .select("user_id")
      .eq("email", user.email)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ user_id: user.id })
    const email = await db.from("end_users").select("email").eq("email", user.email).single()
    expect(email.data).toEqual({ email: user.email })
  })

  it("does not find another account's end user by its email", async () => {
    const { data, error, status } = await db
      .from("end_users")
      .select("user_id")
      .eq("email", other.email)
      .single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" })
  })

  it("lists the 50 latest operations for the dashboard, newest first", async () => {
    const { data, error } = await db
      .from("operations")
      .select("id, action, file_id, created_at, language, tool")
      .eq("user_id", user.id)
      .order("created_at", { ascending: false })
      .limit(50)
    expect(error).toBeNull()
    expect(data).toHaveLength(50)
    expect(data![0]).toMatchObject({ action: "action-56", file_id: "file-1", tool: "photoshop" })
    expect(Object.keys(data![0]!).sort()).toEqual(
      ["action", "created_at", "file_id", "id", "language", "tool"].sort(),
    )
    expect(new Date(data![0]!.created_at).getTime()).toBe(start + 56 * 3_600_000)
    const times = data!.map((r) => new Date(r.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it("counts operations with an exact head-only count", async () => {
    const { count, data, error, status } = await db
      .from("operations")
      .select("*", { count: "exact", head: true })
      .eq("user_id", user.id)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toBeNull()
    expect(count).toBe(57)
  })

  it("pages operations with range, newest first, with Content-Range", async () => {
    const { data, error, status, count } = await db
      .from("operations")
      .select("id, action, language, cost, tool, created_at", { count: "exact" })
      .eq("user_id", user.id)
      .order("created_at", { ascending: false })
      .range(10, 19)
    expect(error).toBeNull()
    expect(status).toBe(206)
    expect(count).toBe(57)
    expect(data!.map((r) => r.action)).toEqual(
      Array.from({ length: 10 }, (_, i) => `action-${46 - i}`),
    )
    const last = await db
      .from("operations")
      .select("id, action, language, cost, tool, created_at")
      .eq("user_id", user.id)
      .order("created_at", { ascending: false })
      .range(50, 59)
    expect(last.data!.map((r) => r.cost)).toEqual([6, 5, 4, 3, 2, 1, 0])
  })

  it("reads operations with a language for the analytics", async () => {
    const { data, error } = await db
      .from("operations")
      .select("language, created_at")
      .eq("user_id", user.id)
      .not("language", "is", null)
    expect(error).toBeNull()
    expect(data).toHaveLength(57 - 15)
    expect(data!.every((r) => r.language !== null)).toBe(true)
  })

  it("adds and deletes a language of the account's list", async () => {
    const insert = await db
      .from("user_languages_mapping")
      .insert({ user_id: user.id, language: "French", language_code: "FR" })
    expect(insert.error).toBeNull()
    expect(insert.status).toBe(201)
    const { data } = await db.from("user_languages_mapping").select("id, language, language_code")
    expect(data).toEqual([{ id: expect.any(String), language: "French", language_code: "FR" }])
    const del = await db.from("user_languages_mapping").delete().eq("id", data![0]!.id)
    expect(del.error).toBeNull()
    expect(del.status).toBe(204)
    const after = await db.from("user_languages_mapping").select("id")
    expect(after.data).toEqual([])
  })

  it("refuses a lower-case or too long language code", async () => {
    const lower = await db
      .from("user_languages_mapping")
      .insert({ user_id: user.id, language: "French", language_code: "fr" })
    expect(lower.error).toMatchObject({ code: "23514" })
    expect(lower.status).toBe(400)
    const long = await db
      .from("user_languages_mapping")
      .insert({ user_id: user.id, language: "French", language_code: "FRENCH" })
    expect(long.status).toBe(400)
  })

  it("refuses the same language code twice with 409", async () => {
    const row = { user_id: user.id, language: "German", language_code: "DE" }
    expect((await db.from("user_languages_mapping").insert(row)).status).toBe(201)
    const again = await db.from("user_languages_mapping").insert(row)
    expect(again.status).toBe(409)
    expect(again.error).toMatchObject({ code: "23505" })
  })

  it("stores feedback on a result", async () => {
    const { error, status } = await db.from("user_feedback").insert({
      user_id: user.id,
      source: "Hello",
      result: "Bonjour",
      language: "French",
      approved: true,
      feedback: null,
    })
    expect(error).toBeNull()
    expect(status).toBe(201)
    const poor = await db.from("user_feedback").insert({
      user_id: user.id,
      source: "Hello",
      result: "Salut",
      language: "French",
      approved: null,
      feedback: "Too informal",
    })
    expect(poor.error).toBeNull()
    const { data } = await db.from("user_feedback").select("approved, feedback").order("created_at")
    expect(data).toEqual([
      { approved: true, feedback: null },
      { approved: null, feedback: "Too informal" },
    ])
  })

  it("refuses feedback without a rating or text", async () => {
    const { status, error } = await db.from("user_feedback").insert({
      user_id: user.id,
      source: "Hello",
      result: "Bonjour",
      language: "French",
      approved: null,
      feedback: "  ",
    })
    expect(status).toBe(400)
    expect(error?.code).toBe("23514")
  })
})

/** The exact count is read from a rollup: it must stay the count of rows whatever happens to them. */
describe("the operations count", () => {
  let app: TestApp
  afterAll(() => app?.close())

  it("stays exact as operations are added, moved to another day and deleted", async () => {
    app = await createTestApp()
    const user = await createTestUser(app)
    const count = async () => {
      const { count, error } = await user
        .client()
        .from("operations")
        .select("*", { count: "exact", head: true })
        .eq("user_id", user.id)
      expect(error).toBeNull()
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from public.operations where user_id = ${user.id}
      `.execute(app.deps.database.db)
      expect(count).toBe(rows[0]!.n)
      return count
    }
    const day = 86_400_000
    const ids = await insertOperations(
      app.deps,
      user.id,
      Array.from({ length: 9 }, (_, i) => ({ created_at: new Date(Date.now() - (i % 3) * day) })),
    )
    expect(await count()).toBe(9)
    await sql`update public.operations set created_at = created_at - interval '40 days'
      where id = ${ids[0]!}`.execute(app.deps.database.db)
    expect(await count()).toBe(9)
    await sql`delete from public.operations where id in (${ids[1]!}, ${ids[2]!})`.execute(
      app.deps.database.db,
    )
    expect(await count()).toBe(7)
  })
})
