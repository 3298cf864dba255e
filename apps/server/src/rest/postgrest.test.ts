import type { SupabaseClient } from "@supabase/supabase-js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  clientWithToken,
  createTestUser,
  insertOperations,
  type TestUser,
} from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** PostgREST behaviours postgrest-js relies on (docs/protocols.md#rest), re-written for our schema. */
describe("PostgREST conformance", () => {
  let app: TestApp
  let user: TestUser
  let db: SupabaseClient
  const languages = (client = db) => client.from("user_languages_mapping")

  beforeAll(async () => {
    app = await createTestApp()
    user = await createTestUser(app, { credits: 42 })
    db = user.client()
    const base = Date.UTC(2026, 0, 10, 12)
    await insertOperations(app.deps, user.id, [
      { action: "a", language: "French", cost: 5, created_at: new Date(base) },
      { action: "b", language: null, cost: 7, created_at: new Date(base + 1000) },
      {
        action: "c",
        language: "German",
        cost: 7,
        created_at: new Date(base + 2000),
        file_id: null,
      },
      { action: "d", language: "french", cost: 1, created_at: new Date(base + 3000) },
    ])
  })
  afterAll(() => app.close())

  const rest = (path: string, init: RequestInit = {}) =>
    app.fetch(`/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: app.deps.keys.anon,
        Authorization: `Bearer ${user.token}`,
        ...init.headers,
      },
    })

  it("inserts with return=minimal: 201 and an empty body", async () => {
    const res = await rest("user_languages_mapping", {
      method: "POST",
      headers: { "Content-Type": "application/json", Prefer: "return=minimal" },
      body: JSON.stringify({ user_id: user.id, language: "Italian", language_code: "IT" }),
    })
    expect(res.status).toBe(201)
    expect(await res.text()).toBe("")
  })

  it("inserts and returns the row with .select().single()", async () => {
    const { data, error, status } = await languages()
      .insert({ user_id: user.id, language: "Spanish", language_code: "ES" })
      .select("language, language_code")
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ language: "Spanish", language_code: "ES" })
  })

  it("inserts an array and returns every row", async () => {
    const { data, error } = await languages()
      .insert([
        { user_id: user.id, language: "Dutch", language_code: "NL" },
        { user_id: user.id, language: "Polish", language_code: "PL" },
      ])
      .select("language_code")
    expect(error).toBeNull()
    expect(data).toEqual([{ language_code: "NL" }, { language_code: "PL" }])
  })

  it("upserts on a conflict target with merge-duplicates", async () => {
    const { data, error } = await app.deps.database.db
      .selectFrom("user_languages_mapping")
      .select("id")
      .where("language_code", "=", "PL")
      .execute()
      .then((rows) => ({ data: rows, error: null }))
    expect(error).toBeNull()
    const res = await rest("user_languages_mapping?on_conflict=user_id,language_code", {
      method: "POST",
      headers: { "Content-Type": "application/json", Prefer: "resolution=ignore-duplicates" },
      body: JSON.stringify({ user_id: user.id, language: "Polski", language_code: "PL" }),
    })
    expect(res.status).toBe(201)
    const rows = await languages().select("id, language").eq("language_code", "PL")
    expect(rows.data).toEqual([{ id: data[0]!.id, language: "Polish" }])
  })

  it("answers head with count=exact with the count and no body", async () => {
    const { count, data, status } = await db
      .from("operations")
      .select("*", { count: "exact", head: true })
    expect(status).toBe(200)
    expect(count).toBe(4)
    expect(data).toBeNull()
  })

  it("answers a counted HEAD with the same range as the GET it stands for", async () => {
    for (const range of ["limit=2&offset=1", "limit=5&offset=3", "offset=0", "limit=0"]) {
      const path = `operations?select=*&order=created_at.asc&${range}`
      const counted = { headers: { Prefer: "count=exact" } }
      const get = await rest(path, counted)
      const head = await rest(path, { ...counted, method: "HEAD" })
      expect([head.status, head.headers.get("content-range")], range).toEqual([
        get.status,
        get.headers.get("content-range"),
      ])
      expect(await head.text()).toBe("")
    }
    const past = await rest("operations?select=*&offset=10", {
      method: "HEAD",
      headers: { Prefer: "count=exact" },
    })
    expect([past.status, past.headers.get("content-range")]).toEqual([416, "*/4"])
  })

  it("counts exactly alongside the rows and sets Content-Range", async () => {
    const res = await rest("operations?select=action&order=created_at.asc&limit=2", {
      headers: { Prefer: "count=exact" },
    })
    expect(res.status).toBe(206)
    expect(res.headers.get("content-range")).toBe("0-1/4")
    expect(await res.json()).toEqual([{ action: "a" }, { action: "b" }])
    const all = await rest("operations?select=action", { headers: { Prefer: "count=exact" } })
    expect(all.status).toBe(200)
    expect(all.headers.get("content-range")).toBe("0-3/4")
    const uncounted = await rest("operations?select=action&limit=1")
    expect(uncounted.headers.get("content-range")).toBe("0-0/*")
    const none = await rest("operations?select=action&action=eq.zzz", {
      headers: { Prefer: "count=exact" },
    })
    expect(none.headers.get("content-range")).toBe("*/0")
  })

  it("answers 416 for an offset past the end", async () => {
    const res = await rest("operations?select=action&offset=10&limit=5", {
      headers: { Prefer: "count=exact" },
    })
    expect(res.status).toBe(416)
    expect(res.headers.get("content-range")).toBe("*/4")
    expect(await res.json()).toMatchObject({ code: "PGRST103" })
  })

  it("refuses .single() over several rows with 406 PGRST116", async () => {
    const { data, error, status } = await db.from("operations").select("action").single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error).toMatchObject({
      code: "PGRST116",
      message: "Cannot coerce the result to a single JSON object",
      details: "The result contains 4 rows",
    })
  })

  it("refuses .single() with no match, and maybeSingle() gives null", async () => {
    const single = await db.from("operations").select("action").eq("action", "nope").single()
    expect(single.status).toBe(406)
    expect(single.error?.details).toContain("0 rows")
    const maybe = await db.from("operations").select("action").eq("action", "nope").maybeSingle()
    expect(maybe.error).toBeNull()
    expect(maybe.data).toBeNull()
  })

  it("filters with eq, neq, gt, gte, lt, lte, like, ilike, in, is and not", async () => {
    const base = () => db.from("operations").select("action").order("action")
    const actions = async (build: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
      const { data, error } = await build(base())
      expect(error).toBeNull()
      return (data as { action: string }[]).map((r) => r.action).join("")
    }
    expect(await actions((q) => q.eq("cost", 7))).toBe("bc")
    expect(await actions((q) => q.neq("cost", 7))).toBe("ad")
    expect(await actions((q) => q.gt("cost", 5))).toBe("bc")
    expect(await actions((q) => q.gte("cost", 5))).toBe("abc")
    expect(await actions((q) => q.lt("cost", 5))).toBe("d")
    expect(await actions((q) => q.lte("cost", 5))).toBe("ad")
    expect(await actions((q) => q.like("language", "%ren%"))).toBe("ad")
    expect(await actions((q) => q.like("language", "F*"))).toBe("a")
    expect(await actions((q) => q.ilike("language", "FRENCH"))).toBe("ad")
    expect(await actions((q) => q.in("language", ["German", "french"]))).toBe("cd")
    expect(await actions((q) => q.in("action", ["a,b", 'c"d', "b"]))).toBe("b")
    expect(await actions((q) => q.is("language", null))).toBe("b")
    expect(await actions((q) => q.not("language", "is", null))).toBe("acd")
    expect(await actions((q) => q.not("cost", "in", "(5,7)"))).toBe("d")
    expect(await actions((q) => q.is("file_id", null).eq("cost", 7))).toBe("c")
  })

  it("orders with direction and nulls placement", async () => {
    const { data } = await db
      .from("operations")
      .select("action")
      .order("language", { ascending: true, nullsFirst: true })
    expect(data!.map((r) => r.action)).toEqual(["b", "a", "c", "d"])
    const desc = await db
      .from("operations")
      .select("action")
      .order("cost", { ascending: false })
      .order("action", { ascending: true })
    expect(desc.data!.map((r) => r.action)).toEqual(["b", "c", "a", "d"])
  })

  it("limits and ranges", async () => {
    const limited = await db.from("operations").select("action").order("action").limit(2)
    expect(limited.data).toEqual([{ action: "a" }, { action: "b" }])
    const range = await db.from("operations").select("action").order("action").range(1, 2)
    expect(range.data).toEqual([{ action: "b" }, { action: "c" }])
  })

  it("supports select aliases and casts", async () => {
    const { data } = await db
      .from("operations")
      .select("what:action, cost::text")
      .eq("action", "a")
      .single()
    expect(data).toEqual({ what: "a", cost: "5" })
  })

  it("returns timestamps and bigints as PostgREST does", async () => {
    const { data } = await db
      .from("operations")
      .select("created_at, cost")
      .eq("action", "a")
      .single()
    expect(data).toEqual({ created_at: "2026-01-10T12:00:00+00:00", cost: 5 })
  })

  it("deletes with filters and returns 204; rows hidden by RLS are simply not deleted", async () => {
    const other = await createTestUser(app)
    await languages(other.client()).insert({
      user_id: other.id,
      language: "Greek",
      language_code: "EL",
    })
    const del = await languages().delete().eq("language_code", "EL")
    expect(del.status).toBe(204)
    expect(del.error).toBeNull()
    const still = await languages(other.client()).select("language_code")
    expect(still.data).toEqual([{ language_code: "EL" }])
    const mine = await languages().delete({ count: "exact" }).eq("language_code", "IT")
    expect(mine.count).toBe(1)
  })

  it("returns deleted rows with .select()", async () => {
    const { data, status } = await languages().delete().eq("language_code", "NL").select("language")
    expect(status).toBe(200)
    expect(data).toEqual([{ language: "Dutch" }])
  })

  it("rolls back a write that asked for a single object but touched several rows", async () => {
    const res = await languages().delete().in("language_code", ["ES", "PL"]).select().single()
    expect(res.status).toBe(406)
    const rows = await languages().select("language_code").in("language_code", ["ES", "PL"])
    expect(rows.data).toHaveLength(2)
  })

  it("calls functions with named arguments over /rpc", async () => {
    const { data, error } = await db.rpc("operation_language_counts", { top_n: 1 })
    expect(error).toBeNull()
    expect(data).toEqual([
      { language: "French", count: 1 },
      { language: "Other", count: 2 },
    ])
    const get = await db.rpc("operation_language_counts", { top_n: 5 }, { get: true })
    expect(get.data).toHaveLength(3)
  })

  it("answers an unknown function with 404 PGRST202 and a bad argument with 400", async () => {
    const missing = await db.rpc("no_such_function", {})
    expect(missing.status).toBe(404)
    expect(missing.error?.code).toBe("PGRST202")
    const wrongArg = await db.rpc("operation_language_counts", { nope: 1 })
    expect(wrongArg.status).toBe(404)
    const badValue = await db.rpc("operation_language_counts", { top_n: "many" })
    expect(badValue.status).toBe(400)
    expect(badValue.error?.code).toBe("22P02")
  })

  it("answers an unknown table with 404 PGRST205", async () => {
    const { error, status } = await db.from("no_such_table").select()
    expect(status).toBe(404)
    expect(error).toMatchObject({ code: "PGRST205", details: null, hint: null })
  })

  it("answers an unknown column with 400 42703", async () => {
    const { error, status } = await db.from("operations").select("nope")
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: "42703", message: "column operations.nope does not exist" })
  })

  it("maps a privilege error to 403 for a user and 401 for anon", async () => {
    const update = await db.from("users").update({ credits: 1_000_000 }).eq("id", user.id)
    expect(update.status).toBe(403)
    expect(update.error?.code).toBe("42501")
    const anon = await app.client().from("users").select("credits")
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe("42501")
  })

  it("refuses a bad JWT with 401 PGRST301 and an expired one with 401 PGRST303", async () => {
    const bad = await clientWithToken(app, `${user.token.slice(0, -3)}abc`)
      .from("users")
      .select()
    expect(bad.status).toBe(401)
    expect(bad.error?.code).toBe("PGRST301")
    const expired = await app.deps.jwt.sign(
      { sub: user.id, role: "authenticated", aud: "authenticated" },
      60,
      new Date(Date.now() - 3600_000),
    )
    const res = await clientWithToken(app, expired).from("users").select()
    expect(res.status).toBe(401)
    expect(res.error).toMatchObject({ code: "PGRST303", message: "JWT expired" })
  })

  it("answers a missing or unknown apikey as the gateway does", async () => {
    const none = await app.fetch("/rest/v1/users")
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ message: "No API key found in request" })
    const bad = await app.fetch("/rest/v1/users", { headers: { apikey: "nope" } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ message: "Invalid API key" })
  })

  it("only exposes schema public", async () => {
    const res = await rest("users", { headers: { "Accept-Profile": "auth" } })
    expect(res.status).toBe(406)
    expect(await res.json()).toMatchObject({ code: "PGRST106" })
    const auth = await rest("auth.users")
    expect(auth.status).toBe(404)
  })

  it("answers an unparsable query with 400 naming the bad part", async () => {
    const cases: [string, string][] = [
      ["operations?select=action,,cost", "select parameter (action,,cost)"],
      ["operations?order=cost.sideways", "sideways"],
      ["operations?cost=gt", "cost=gt"],
      ["operations?cost=between.1", "between"],
      ["operations?limit=-1", "limit"],
      ["operations?language=in.(a", "language=in.(a"],
      ["operations?language=is.maybe", "maybe"],
      ["operations?or=(cost.eq.1)", "or"],
    ]
    for (const [path, part] of cases) {
      const res = await rest(path)
      expect(res.status, path).toBe(400)
      const body = (await res.json()) as { message: string; details: string }
      expect(`${body.message} ${body.details}`, path).toContain(part)
    }
  })

  it("answers malformed JSON bodies with 400 PGRST102", async () => {
    const res = await rest("user_feedback", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{oops",
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: "PGRST102" })
  })
})
