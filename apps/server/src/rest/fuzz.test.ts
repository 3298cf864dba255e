import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, insertOperations, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/**
 * Thousands of random and malformed requests to /rest/v1: never a 5xx, never slower than its time
 * limit, and never a row of another tenant (B's rows carry a marker that must not appear in any
 * successful answer to A or anon). Values include what PostgreSQL cannot store (NUL, unpaired
 * surrogates) and bodies nested 5,000 levels deep.
 */
const TIME_LIMIT_MS = 10_000
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)
/** NUL, both surrogate halves alone, and ordinary text around them. */
const hostileChar = fc.constantFrom("\u0000", "\ud800", "\udc00", "a", "%", "😀")
const TABLES = [
  "users",
  "end_users",
  "operations",
  "user_languages_mapping",
  "user_feedback",
  "api_keys",
  "payments",
  "credit_ledger",
  "operation_stats",
  "operation_language_stats",
]
const TABLE_COLUMNS: Record<string, string[]> = {
  users: ["id", "name", "credits", "created_at"],
  end_users: ["id", "user_id", "email", "created_at"],
  operations: ["id", "user_id", "action", "file_id", "language", "tool", "cost", "created_at"],
  user_languages_mapping: ["id", "user_id", "language", "language_code", "created_at"],
  user_feedback: ["id", "user_id", "source", "result", "language", "approved", "feedback"],
  api_keys: ["id", "user_id", "name", "key_hash", "key_preview"],
  payments: ["id", "user_id", "session_id", "credits", "status"],
  credit_ledger: ["id", "user_id", "delta", "reason", "reference"],
  operation_stats: ["user_id", "bucket_start", "operations", "with_language"],
  operation_language_stats: ["user_id", "language", "operations"],
}
type ColumnType = "uuid" | "text" | "int" | "ts" | "bool"
const TYPED_COLUMNS: Record<string, Record<string, ColumnType>> = {
  users: { id: "uuid", name: "text", credits: "int", created_at: "ts" },
  end_users: { id: "uuid", user_id: "uuid", email: "text", created_at: "ts" },
  operations: {
    id: "int",
    user_id: "uuid",
    action: "text",
    file_id: "text",
    language: "text",
    tool: "text",
    cost: "int",
    created_at: "ts",
  },
  user_languages_mapping: { id: "uuid", user_id: "uuid", language: "text", language_code: "text" },
  user_feedback: {
    id: "uuid",
    user_id: "uuid",
    source: "text",
    result: "text",
    language: "text",
    approved: "bool",
    feedback: "text",
  },
  api_keys: { id: "uuid", user_id: "uuid", name: "text", key_hash: "text" },
  payments: { id: "uuid", user_id: "uuid", session_id: "text", credits: "int", status: "text" },
  credit_ledger: { id: "int", user_id: "uuid", delta: "int", reason: "text", reference: "text" },
  operation_stats: { user_id: "uuid", bucket_start: "ts", operations: "int", with_language: "int" },
  operation_language_stats: { user_id: "uuid", language: "text", operations: "int" },
}
const FUNCTIONS = ["operation_language_counts", "operation_daily_counts", "operations_today"]
const COLUMNS = [
  "id",
  "user_id",
  "action",
  "file_id",
  "language",
  "tool",
  "cost",
  "created_at",
  "credits",
  "email",
  "name",
  "language_code",
  "approved",
  "feedback",
  "source",
  "key_hash",
  "time_zone",
  "top_n",
  "operations",
  "nope",
  "*",
  "",
]
const OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "is",
  "in",
  "not.eq",
  "not.in",
  "not.is",
  "not.like",
  "cs",
  "eq(any)",
  "fts",
  "",
  "not",
  "xx",
]

describe("random requests to /rest/v1", () => {
  let app: TestApp
  let a: TestUser
  let b: TestUser
  let secretsOfB: () => Promise<string>

  beforeAll(async () => {
    app = await createTestApp()
    a = await createTestUser(app, { credits: 10 })
    b = await createTestUser(app, { credits: 20, companyName: "b-secret company" })
    const db = app.deps.database.db
    for (const [user, marker] of [
      [a, "a-visible"],
      [b, "b-secret"],
    ] as const) {
      await insertOperations(app.deps, user.id, [
        { action: `${marker} op`, language: `${marker} lang`, file_id: `${marker}-file` },
        { action: `${marker} op2`, language: null },
      ])
      await sql`insert into public.user_languages_mapping (user_id, language, language_code)
        values (${user.id}, ${`${marker} language`}, 'XX')`.execute(db)
      await sql`insert into public.user_feedback (user_id, source, result, language, approved)
        values (${user.id}, ${`${marker} source`}, ${`${marker} result`}, 'French', true)`.execute(
        db,
      )
      await sql`insert into public.api_keys (user_id, name, key_hash, key_preview)
        values (${user.id}, ${`${marker} key`}, ${`${marker}-hash-0123456789abcdef`}, 'nativ_x…')`.execute(
        db,
      )
      await sql`insert into public.payments (user_id, provider, session_id, credits, amount_cents)
        values (${user.id}, 'local', ${`${marker}-session`}, 20000, 2000)`.execute(db)
    }
    secretsOfB = async () => {
      const parts: unknown[] = []
      for (const table of TABLES) {
        const column = table === "users" ? "id" : "user_id"
        const { rows } = await sql`select * from ${sql.id("public", table)}
          where ${sql.id(column)} = ${b.id} order by 1, 2`.execute(db)
        parts.push(rows)
      }
      return JSON.stringify(parts)
    }
  })
  afterAll(() => app.close())

  const value = () =>
    fc.oneof(
      fc.constantFrom(
        "null",
        "true",
        "false",
        "(1,2)",
        '("a,b",c)',
        "()",
        "(",
        ")",
        "*",
        "%",
        "\\",
        "'",
        '"',
        "2026-01-01",
        "-1",
        "1e309",
        "NaN",
        "));--",
        "%zz",
        "not.null",
        "00000000-0000-0000-0000-000000000000",
      ),
      fc.constant(b.id),
      fc.constant(a.id),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 8 }),
      fc.string({ unit: "binary-ascii", maxLength: 8 }),
      fc.constantFrom("a\u0000b", "\u0000"),
      fc.integer().map(String),
    )
  const column = (own: string[]) =>
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, fc.constantFrom(...COLUMNS))
  const operator = () =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom("eq", "neq", "gt", "lt", "like", "ilike", "in", "is", "not.is"),
      },
      fc.constantFrom(...OPERATORS),
    )
  const filter = (own: string[]) =>
    fc
      .tuple(column(own), operator(), value())
      .map(([c, op, v]): [string, string] => [c, op ? `${op}.${v}` : v])
  const selectItem = (own: string[]) =>
    fc.oneof(
      column(own),
      column(own).map((c) => `alias:${c}`),
      fc
        .tuple(column(own), fc.constantFrom("text", "int", "json", "date", "evil", ""))
        .map(([c, t]) => `${c}::${t}`),
      fc.constantFrom("rel(*)", "...rel(*)", "a->b", "count()", "x!inner(*)", " ", ",", "("),
    )
  const param = (own: string[]): fc.Arbitrary<[string, string]> =>
    fc.oneof(
      { weight: 4, arbitrary: filter(own) },
      fc
        .array(selectItem(own), { maxLength: 5 })
        .map((items): [string, string] => ["select", items.join(",")]),
      fc
        .array(
          fc.tuple(
            column(own),
            fc.constantFrom("", ".asc", ".desc", ".nullsfirst", ".desc.nullslast", ".up", ".."),
          ),
          { maxLength: 3 },
        )
        .map((terms): [string, string] => ["order", terms.map(([c, m]) => c + m).join(",")]),
      fc.tuple(fc.constantFrom("limit", "offset"), fc.oneof(fc.nat().map(String), value())),
      fc.tuple(fc.constantFrom("columns", "on_conflict", "or", "and", "apikey"), value()),
      fc.tuple(fc.string({ maxLength: 10 }), value()),
    )
  const rowBody = (own: string[]) =>
    fc.dictionary(
      column(own),
      fc.oneof(
        fc.constant(a.id),
        fc.constant(b.id),
        fc.integer(),
        fc.string({ maxLength: 10 }),
        fc.boolean(),
        fc.constant(null),
        fc.jsonValue({ maxDepth: 2 }),
        fc.string({ unit: hostileChar, maxLength: 6 }),
      ),
      { maxKeys: 6 },
    )
  const body = (own: string[]) =>
    fc.oneof(
      rowBody(own).map((r) => JSON.stringify(r)),
      fc.array(rowBody(own), { maxLength: 3 }).map((r) => JSON.stringify(r)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        "",
        "{",
        "[",
        "null",
        "[{}]",
        "{}",
        '{"top_n":"x"}',
        '{"time_zone":"Mars/Base"}',
        '{"time_zone":"\\u0000"}',
        '{"name":"\\ud800"}',
        `{"name":${deepObject(5000)}}`,
        `[${deepObject(5000)}]`,
        "[".repeat(5000) + "]".repeat(5000),
      ),
    )
  const request = () =>
    fc
      .oneof(
        { weight: 6, arbitrary: fc.constantFrom(...TABLES) },
        { weight: 2, arbitrary: fc.constantFrom(...FUNCTIONS).map((f) => `rpc/${f}`) },
        fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s)),
        fc.constantFrom(
          "rpc/apply_credit_delta",
          "rpc/handle_new_auth_user",
          "rpc/",
          "users/1",
          "auth.users",
        ),
      )
      .chain((path) => {
        const own = Object.hasOwn(TABLE_COLUMNS, path) ? TABLE_COLUMNS[path]! : COLUMNS
        return fc.record({
          path: fc.constant(path),
          caller: fc.constantFrom("a", "a", "a", "anon"),
          method: fc.constantFrom(
            "GET",
            "GET",
            "GET",
            "GET",
            "HEAD",
            "POST",
            "POST",
            "PATCH",
            "DELETE",
            "PUT",
          ),
          params: fc.array(param(own), { maxLength: 4 }),
          raw: fc.constantFrom("", "", "", "", "", "&%zz=%", "&select=%E0%A4%A", "&=&&=="),
          prefer: fc.constantFrom(
            undefined,
            undefined,
            "return=representation",
            "return=minimal",
            "count=exact",
            "count=exact, return=representation",
            "resolution=merge-duplicates",
            "missing=default",
          ),
          accept: fc.constantFrom(
            undefined,
            undefined,
            undefined,
            undefined,
            "application/json",
            "*/*",
            "application/vnd.pgrst.object+json",
            "text/csv",
          ),
          profile: fc.constantFrom(
            undefined,
            undefined,
            undefined,
            undefined,
            undefined,
            "public",
            "auth",
          ),
          body: body(own),
        })
      })

  type Sent = {
    caller: string
    method: string
    path: string
    params: [string, string][]
    raw?: string
    prefer?: string | undefined
    accept?: string | undefined
    profile?: string | undefined
    body?: string
  }
  const statuses = new Map<number, number>()

  /** Sends one request as A (or anon) and checks it: no 5xx, nothing of B in a success. */
  async function send(r: Sent) {
    const query = new URLSearchParams(r.params).toString() + (r.raw ?? "")
    const headers: Record<string, string> = { apikey: app.deps.keys.anon }
    if (r.caller === "a") headers.Authorization = `Bearer ${a.token}`
    if (r.prefer) headers.Prefer = r.prefer
    if (r.accept) headers.Accept = r.accept
    const read = r.method === "GET" || r.method === "HEAD"
    if (r.profile) headers[read ? "Accept-Profile" : "Content-Profile"] = r.profile
    if (!read) headers["Content-Type"] = "application/json"
    const res = await app.fetch(`/rest/v1/${r.path}?${query}`, {
      method: r.method,
      headers,
      ...(read ? {} : { body: r.body ?? "" }),
      signal: AbortSignal.timeout(TIME_LIMIT_MS),
    })
    const text = await res.text()
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    const context = `${r.caller} ${r.method} /rest/v1/${r.path}?${query} ${r.body ?? ""} → ${res.status} ${text.slice(0, 300)}`
    expect(res.status, context).toBeLessThan(500)
    if (res.status < 300) {
      expect(text, context).not.toContain("b-secret")
      expect(text, context).not.toContain(b.id)
      expect(text, context).not.toContain(b.email)
      if (r.caller === "anon") expect(text, context).not.toContain("a-visible")
    }
    return res.status
  }

  const successes = () => [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)
  const seed = Number(process.env.FUZZ_SEED ?? 20260101)

  it("never answers 5xx nor leaks another tenant's rows for malformed requests", async () => {
    statuses.clear()
    const before = await secretsOfB()
    await fc.assert(
      fc.asyncProperty(request(), async (r) => {
        await send(r)
      }),
      { numRuns: 1000, seed },
    )
    // Mostly refused by design, but some must reach the database.
    expect(successes(), JSON.stringify([...statuses])).toBeGreaterThan(20)
    expect(await secretsOfB()).toBe(before)
  }, 120_000)

  it("never answers 5xx nor leaks another tenant's rows for well-formed queries and writes", async () => {
    statuses.clear()
    const before = await secretsOfB()
    await fc.assert(
      fc.asyncProperty(wellFormed(), async (r) => {
        await send(r)
      }),
      { numRuns: 1000, seed },
    )
    expect(successes(), JSON.stringify([...statuses])).toBeGreaterThan(300)
    expect(await secretsOfB()).toBe(before)
  }, 120_000)

  /** Requests as postgrest-js builds them: real tables, columns, operators and typed values. */
  function wellFormed(): fc.Arbitrary<Sent> {
    const typed = (type: ColumnType): fc.Arbitrary<string> => {
      switch (type) {
        case "uuid":
          return fc.constantFrom(a.id, b.id, "00000000-0000-0000-0000-000000000000")
        case "int":
          return fc.integer({ min: -5, max: 30_000 }).map(String)
        case "ts":
          return fc
            .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
            .map((d) => d.toISOString())
        case "bool":
          return fc.constantFrom("true", "false")
        default:
          return fc.oneof(
            fc.constantFrom("b-secret op", "a-visible op", "French", "XX", "b-secret-session"),
            fc.string({ maxLength: 8 }),
            fc.string({ unit: hostileChar, maxLength: 4 }),
          )
      }
    }
    const inList = (values: string[]) =>
      `(${values.map((v) => (/[,()"\\]/.test(v) ? `"${v.replace(/["\\]/g, (m) => `\\${m}`)}"` : v)).join(",")})`
    return fc.constantFrom(...TABLES).chain((table) => {
      const columns = TYPED_COLUMNS[table]!
      const names = Object.keys(columns)
      const filter = fc.constantFrom(...names).chain((name) => {
        const type = columns[name]!
        const ops = [
          "eq",
          "neq",
          "gt",
          "gte",
          "lt",
          "lte",
          "not.eq",
          ...(type === "text" ? ["like", "ilike"] : []),
        ]
        return fc.oneof(
          fc
            .tuple(fc.constantFrom(...ops), typed(type))
            .map(([op, v]): [string, string] => [name, `${op}.${v}`]),
          fc
            .array(typed(type), { maxLength: 4 })
            .map((vs): [string, string] => [name, `in.${inList(vs)}`]),
          fc.constantFrom("is.null", "not.is.null").map((v): [string, string] => [name, v]),
        )
      })
      const select = fc
        .subarray(names, { minLength: 1 })
        .map((cols): [string, string] => ["select", cols.join(",")])
      const order = fc
        .tuple(
          fc.constantFrom(...names),
          fc.constantFrom("asc", "desc"),
          fc.constantFrom("", ".nullsfirst", ".nullslast"),
        )
        .map(([c, d, n]): [string, string] => ["order", `${c}.${d}${n}`])
      const rowBody = fc
        .record(
          Object.fromEntries(names.filter((n) => n !== "id").map((n) => [n, typed(columns[n]!)])),
          { requiredKeys: [] },
        )
        // A's own writes must not carry B's marker, or reading them back would look like a leak.
        .map((row) => JSON.stringify(row).replaceAll("b-secret", "a-written"))
      return fc
        .record({
          caller: fc.constantFrom("a", "a", "a", "anon"),
          method: fc.constantFrom(
            "GET",
            "GET",
            "GET",
            "GET",
            "GET",
            "HEAD",
            "DELETE",
            "PATCH",
            "POST",
          ),
          path: fc.constant(table),
          params: fc
            .tuple(
              fc.array(filter, { maxLength: 3 }),
              fc.option(select, { nil: undefined }),
              fc.option(order, { nil: undefined }),
              fc.option(
                fc.nat(20).map((n): [string, string] => ["limit", String(n)]),
                { nil: undefined },
              ),
            )
            .map(([filters, ...rest]) => [...filters, ...rest.filter((p) => p !== undefined)]),
          prefer: fc.constantFrom(undefined, undefined, "count=exact", "return=representation"),
          accept: fc.constantFrom(
            undefined,
            undefined,
            undefined,
            "application/vnd.pgrst.object+json",
          ),
          body: rowBody,
        })
        .map((r) =>
          // postgrest-js sends limit only on reads
          r.method === "GET" || r.method === "HEAD"
            ? r
            : { ...r, params: r.params.filter(([k]) => k !== "limit") },
        )
    })
  }
})
