import { USAGE_GROUP_BY, type Usage } from "@nativ/contracts"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { countedUsage, insertUsageOperations } from "./usage-test-kit"

/** Zones whose offsets are not whole hours, far from UTC, or change in the window (DST). */
const ZONES = [
  "UTC",
  "Asia/Kathmandu",
  "America/St_Johns",
  "Europe/Paris",
  "Pacific/Kiritimati",
  "America/New_York",
  "Australia/Eucla",
]
/** 2026-03-05 to 2026-04-06 UTC: both the American (March 8) and European (March 29) DST changes. */
const WINDOW_START = Date.UTC(2026, 2, 5)
const WINDOW_SECONDS = 32 * 86_400
const day = (offset: number) =>
  new Date(WINDOW_START + offset * 86_400_000).toISOString().slice(0, 10)

describe("GET /api/v1/usage, against a plain count of operations", () => {
  let app: TestApp
  let company: ApiUser
  let keys: string[]
  beforeAll(async () => {
    app = await createApiTestApp()
    company = await signedInUser(app)
    const neighbour = await signedInUser(app)
    const db = app.deps.database.db
    keys = []
    for (const name of ["plugin", "ci"]) {
      const { rows } = await sql<{ id: string }>`
        insert into public.api_keys (user_id, name, key_hash, key_preview)
        values (${company.id}, ${name}, ${`hash-${name}-${company.id}`}, 'nativ_…abcd')
        returning id::text as id
      `.execute(db)
      keys.push(rows[0]!.id)
    }
    await insertUsageOperations(
      app.deps,
      neighbour.id,
      Array.from({ length: 40 }, (_, i) => ({
        at: new Date(WINDOW_START + i * 66_000_000),
        cost: 9,
      })),
    )
  })
  afterAll(() => app.close())

  const moment = fc.oneof(
    fc.integer({ min: 0, max: WINDOW_SECONDS }),
    // exactly on a quarter hour: where a local day starts in every zone
    fc.integer({ min: 0, max: WINDOW_SECONDS / 900 }).map((q) => q * 900),
  )
  const operation = fc.record({
    at: moment,
    cost: fc.integer({ min: 0, max: 50 }),
    language: fc.constantFrom("French", "German", "Japanese", null),
    tool: fc.constantFrom("api", "figma", "mcp"),
    key: fc.constantFrom(0, 1, null),
    member: fc.constantFrom("ana@example.com", "bo@example.com", null),
  })
  const range = fc.oneof(
    fc.record({
      from: fc.integer({ min: -2, max: 33 }),
      days: fc.integer({ min: 1, max: 12 }),
      zone: fc.constantFrom(...ZONES),
    }),
    fc.record({ zone: fc.constantFrom(...ZONES) }),
  )

  it("equals the count and sum over public.operations for random ranges, zones, deletes and updates", async () => {
    const db = app.deps.database.db
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(range, { minLength: 1, maxLength: 3 }),
        async (operations, cut, ranges) => {
          const ids = await insertUsageOperations(
            app.deps,
            company.id,
            operations.map((o) => ({
              at: new Date(WINDOW_START + o.at * 1000),
              cost: o.cost,
              language: o.language,
              tool: o.tool,
              apiKeyId: o.key === null ? null : keys[o.key]!,
              member: o.member,
            })),
          )
          const picked = (n: number) => ids.filter((_, i) => i % 7 === (cut + n) % 7)
          await sql`delete from public.operations where id = any(${picked(0)}::bigint[])`.execute(
            db,
          )
          await sql`update public.operations
            set created_at = created_at + interval '5 hours 15 minutes', cost = cost + 3,
              language = 'German', api_key_id = null, member_email = 'bo@example.com', tool = 'figma'
            where id = any(${picked(1)}::bigint[])`.execute(db)

          for (const r of ranges) {
            const query = "from" in r ? `from=${day(r.from)}&to=${day(r.from + r.days - 1)}&` : ""
            for (const groupBy of USAGE_GROUP_BY) {
              const res = await callApi<Usage>(
                app,
                `/usage?${query}group_by=${groupBy}&time_zone=${r.zone}`,
                { token: company.token },
              )
              expect(res.status, JSON.stringify(res.body)).toBe(200)
              const { from, to, rows, total } = res.body
              const counted = await countedUsage(
                app.deps,
                company.id,
                { from, to, timeZone: r.zone },
                groupBy,
              )
              const where = `${groupBy} ${from}..${to} ${r.zone}`
              expect(
                rows
                  .map(({ key, operations, credits }) => ({ key, operations, credits }))
                  .sort((a, b) => (a.key < b.key ? -1 : 1)),
                where,
              ).toEqual(counted)
              expect(total, where).toEqual({
                operations: counted.reduce((n, row) => n + row.operations, 0),
                credits: counted.reduce((n, row) => n + row.credits, 0),
              })
              if (groupBy !== "day")
                for (const [a, b] of rows.slice(1).map((row, i) => [rows[i]!, row] as const))
                  expect(
                    a.credits > b.credits ||
                      (a.credits === b.credits &&
                        (a.operations > b.operations ||
                          (a.operations === b.operations && a.key < b.key))),
                    where,
                  ).toBe(true)
            }
          }
        },
      ),
      { numRuns: 15 },
    )
  })

  it("starts all time on the local day of the company's first operation", async () => {
    await insertUsageOperations(app.deps, company.id, [{ at: "2026-03-05T20:00:00Z", cost: 1 }])
    for (const zone of ZONES) {
      const res = await callApi<Usage>(app, `/usage?group_by=tool&time_zone=${zone}`, {
        token: company.token,
      })
      const { rows } = await sql<{ first: string }>`
        select to_char((min(created_at) at time zone ${zone})::date, 'YYYY-MM-DD') as first
        from public.operations where user_id = ${company.id}
      `.execute(app.deps.database.db)
      expect(res.body.from, zone).toBe(rows[0]!.first)
    }
  })
})
