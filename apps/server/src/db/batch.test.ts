import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { openTestDatabase } from "../testing/test-database"
import type { Statement } from "./batch"
import type { Database } from "./database"
import { inlineParameters, literal, SqlValueError } from "./sql-literal"

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

async function rows(statement: Statement) {
  const [result] = await database.batch([statement])
  return result!.rows
}

/** The value as it comes back through a prepared statement and through inlined text. */
async function roundTrips(value: unknown, type: string) {
  const statement = { sql: `select $1::${type} as v`, parameters: [value] }
  const inlined = inlineParameters(statement.sql, statement.parameters)
  const [prepared] = await rows(statement)
  const [parsed] = await rows({ sql: `select * from (${inlined}) q`, parameters: [] })
  return [prepared!.v, parsed!.v]
}

describe("values sent in a batch", () => {
  const awkward = [
    "plain",
    "it's",
    "back\\slash \\' and \\\\ two",
    "E'not an escape'",
    "$1 $2 and $$dollar$$",
    '"double" quotes',
    "naïve — 日本語 🙂",
    "line\nbreak\ttab",
    "",
    "x'); drop table public.operations; --",
  ]

  it("reach Postgres unchanged, whatever quotes, backslashes or placeholders they hold", async () => {
    for (const value of awkward)
      expect(await roundTrips(value, "text"), value).toEqual([value, value])
    expect(
      await rows({
        sql: "select to_regclass('public.operations') is not null as t",
        parameters: [],
      }),
    ).toEqual([{ t: true }])
  })

  it("resolve their type from context as bound parameters do", async () => {
    expect(await roundTrips(41, "int")).toEqual([41, 41])
    expect(await roundTrips(true, "boolean")).toEqual([true, true])
    expect(await roundTrips(JSON.stringify({ k: "it's \\" }), "jsonb")).toEqual([
      { k: "it's \\" },
      { k: "it's \\" },
    ])
    const array = ["a", 'b"c', "d\\e", null, "NULL"]
    expect(await roundTrips(array, "text[]")).toEqual([array, array])
    expect(await roundTrips(null, "text")).toEqual([null, null])
    expect(
      await rows({ sql: "select n from generate_series(1, 9) n limit $1", parameters: [3] }),
    ).toHaveLength(3)
  })

  it("refuse text holding NUL as Postgres does (22021, a client error)", () => {
    expect(() => literal("a\0b")).toThrow(SqlValueError)
    expect(() => literal(["ok", "a\0b"])).toThrow(/0x00/)
    expect(new SqlValueError().code).toBe("22021")
  })
})

describe("inlined placeholders", () => {
  it("are replaced outside quoted literals and identifiers only", () => {
    expect(inlineParameters(`select '$1', "a$1b", $1`, ["x"])).toBe(`select '$1', "a$1b", 'x'`)
    expect(inlineParameters(`select 'it''s $1', $1, $2`, ["a", "b"])).toBe(
      `select 'it''s $1', 'a', 'b'`,
    )
    expect(
      inlineParameters(
        `select $10, $1`,
        Array.from({ length: 10 }, (_, i) => i + 1),
      ),
    ).toBe(`select '10', '1'`)
  })
})

describe("a batch", () => {
  it("answers with one result per statement, commands aside, in one message", async () => {
    const results = await database.batch([
      "begin",
      { sql: "select $1::int as a", parameters: [1] },
      { sql: "select $1::text as b", parameters: ["two"] },
      "commit",
    ])
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: "two" }]])
  })

  it("plans each statement shape once per connection", async () => {
    const shape = "select $1::int * 7 as seven_times"
    for (const n of [1, 2, 3])
      expect(await rows({ sql: shape, parameters: [n] })).toEqual([{ seven_times: 7 * n }])
    const prepared = await rows({
      sql: "select count(*)::int as n from pg_prepared_statements where statement like $1",
      parameters: ["%seven_times%"],
    })
    // One per pooled connection that ran it, never one per request.
    expect(prepared[0]!.n).toBeGreaterThanOrEqual(1)
    expect(prepared[0]!.n).toBeLessThanOrEqual(3)
  })

  it("rolls back the transaction it opened when a statement fails, keeping every connection usable", async () => {
    const failing = { sql: "select 1 / $1::int as x", parameters: [0] }
    for (let i = 0; i < 3; i++)
      await expect(
        database.batch([
          "begin",
          { sql: "select set_config('nativ.probe', $1, true)", parameters: ["set"] },
          failing,
          "commit",
        ]),
      ).rejects.toMatchObject({ code: "22012" })
    // The shape prepared before the failure is still known: the same statement works afterwards.
    expect(await rows({ sql: failing.sql, parameters: [1] })).toEqual([{ x: 1 }])
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        rows({
          sql: "select coalesce(current_setting('nativ.probe', true), '') as probe, $1::int as ok",
          parameters: [1],
        }),
      ),
    )
    for (const [state] of states) expect(state).toEqual({ probe: "", ok: 1 })
  })

  it("returns its connection when a value cannot be sent, so the pool never runs dry", async () => {
    // More refusals than the pool has connections: a leak would leave the last query waiting.
    for (let i = 0; i < 12; i++)
      await expect(
        database.batch(["begin", { sql: "select $1::text as v", parameters: ["a\0b"] }, "commit"]),
      ).rejects.toBeInstanceOf(SqlValueError)
    expect(await rows({ sql: "select $1::int as ok", parameters: [1] })).toEqual([{ ok: 1 }])
  })

  it("rolls back when the check after the statements throws", async () => {
    await database.batch(["create table if not exists batch_probe (n int)"])
    await expect(
      database.batch(
        ["begin", { sql: "insert into batch_probe values ($1)", parameters: [1] }],
        async () => {
          throw new Error("not exactly one row")
        },
      ),
    ).rejects.toThrow("not exactly one row")
    expect(
      await rows({ sql: "select count(*)::int as n from batch_probe", parameters: [] }),
    ).toEqual([{ n: 0 }])
  })

  it("still runs statements once a connection holds the most prepared shapes it keeps", async () => {
    for (let n = 0; n < 220; n++)
      expect(await rows({ sql: `select $1::int + ${n} as v`, parameters: [1] })).toEqual([
        { v: n + 1 },
      ])
  })
})
