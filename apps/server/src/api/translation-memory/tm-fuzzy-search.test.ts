import { Kysely, PostgresDialect, sql } from "kysely"
import type pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { Database } from "../../db/database"
import type { DB, Db } from "../../db/schema"
import { openTestDatabase } from "../../testing/test-database"
import { fuzzySearch } from "./tm.repo"
import { newCompany } from "./tm-test-company"

type Seed = {
  text: string
  source?: string
  target?: string
  priority?: number
  enabled?: boolean
  /** days before now */
  updated?: number
}

async function seed(db: Db, companyId: string, entries: Seed[]): Promise<string[]> {
  const ids: string[] = []
  for (const e of entries) {
    const { rows } = await sql<{ id: string }>`
      insert into public.tm_entries (user_id, source_language_code, target_language_code,
        source_text, target_text, priority, enabled, updated_at)
      values (${companyId}, ${e.source ?? "en"}, ${e.target ?? "de"}, ${e.text}, ${`DE ${e.text}`},
        ${e.priority ?? 50}, ${e.enabled ?? true}, now() - make_interval(days => ${e.updated ?? 0}))
      returning id::text as id`.execute(db)
    ids.push(rows[0]!.id)
  }
  return ids
}

/**
 * What a search must answer, by definition and without the index: every enabled entry of the
 * company and language pair whose pg_trgm similarity is at least the threshold, the same text
 * first, then by similarity, priority and recency.
 */
async function oracle(db: Db, companyId: string, query: string, threshold: number, limit: number) {
  const { rows } = await sql<{ tm_id: string; similarity: number }>`
    select id::text as tm_id, extensions.similarity(source_text, ${query}) as similarity
    from public.tm_entries
    where user_id = ${companyId} and enabled and source_language_code = 'en'
      and target_language_code = 'de'
      and extensions.similarity(source_text, ${query}) >= ${threshold}::float8
    order by source_text = ${query} desc, 2 desc, priority desc, updated_at desc
    limit ${limit}`.execute(db)
  return rows
}

const search = (db: Db, companyId: string, query: string, more: { cutoff?: number } = {}) =>
  fuzzySearch(db, companyId, {
    query,
    source_lang: "en",
    target_lang: "de",
    score_cutoff: more.cutoff ?? 0,
    limit: 10,
  })

describe("fuzzy translation-memory search", () => {
  let database: Database
  let db: Db
  let company: string
  let ids: string[]

  const ENTRIES: Seed[] = [
    { text: "Add the item to your shopping cart" }, // 0
    { text: "Add the item to your shopping basket" }, // 1
    { text: "Add the items to your shopping cart", priority: 80 }, // 2
    { text: "Add the items to your shopping cart", priority: 20 }, // 3
    { text: "Add the items to your shopping cart", priority: 20, updated: 3 }, // 4
    { text: "Remove the item from your shopping cart" }, // 5
    { text: "Your order has shipped" }, // 6
    { text: "Add the item to your shopping cart", enabled: false }, // 7
    { text: "Add the item to your shopping cart", target: "fr" }, // 8
    { text: "Add the item to your shopping cart", source: "es" }, // 9
    { text: "Add an item" }, // 10
  ]

  beforeAll(async () => {
    database = await openTestDatabase()
    db = database.db
    company = await newCompany(db)
    ids = await seed(db, company, ENTRIES)
    const other = await newCompany(db)
    await seed(db, other, [{ text: "Add the item to your shopping cart" }])
    await sql`analyze public.tm_entries`.execute(db)
  })
  afterAll(() => database.close())

  it("answers the same text first, then by similarity, priority and recency, scores at least 50", async () => {
    const matches = await search(db, company, "Add the item to your shopping cart")
    expect(matches.map((m) => m.tm_id)).toEqual([ids[0], ids[2], ids[3], ids[4], ids[1], ids[5]])
    expect(matches.map((m) => [m.match_type, m.score])).toEqual([
      ["exact", 100],
      ["fuzzy", 91.7],
      ["fuzzy", 91.7],
      ["fuzzy", 91.7],
      ["fuzzy", 70.7],
      ["fuzzy", 60.9],
    ])
    expect(matches[0]).toEqual({
      tm_id: ids[0],
      score: 100,
      match_type: "exact",
      source_text: "Add the item to your shopping cart",
      target_text: "DE Add the item to your shopping cart",
      target_language_code: "de",
      information_source: "manual",
      source_name: null,
    })
  })

  it("leaves out disabled entries, other pairs and other companies, and raises the floor to the cut-off", async () => {
    const all = await search(db, company, "Add the item to your shopping cart")
    for (const hidden of [ids[7], ids[8], ids[9], ids[10], ids[6]])
      expect(all.map((m) => m.tm_id)).not.toContain(hidden)
    const strict = await search(db, company, "Add the item to your shopping cart", { cutoff: 80 })
    expect(strict.map((m) => m.tm_id)).toEqual([ids[0], ids[2], ids[3], ids[4]])
  })

  it("finds exactly what the definition finds, for queries near and far", async () => {
    const queries = [
      "Add the item to your shopping cart",
      "Add this item to the shopping cart",
      "Remove items from the cart",
      "Your order has been shipped",
      "Add an item",
      "Something else entirely",
    ]
    for (const query of queries)
      for (const cutoff of [0, 50, 65, 90]) {
        const found = await search(db, company, query, { cutoff })
        const expected = await oracle(db, company, query, Math.max(cutoff, 50) / 100, 10)
        expect(
          found.map((m) => m.tm_id),
          `${query} at ${cutoff}`,
        ).toEqual(expected.map((r) => r.tm_id))
        for (const m of found) expect(m.score).toBeGreaterThanOrEqual(Math.max(cutoff, 50))
      }
  })

  it("reads the trigram index (EXPLAIN of the search's query)", async () => {
    // 3,000 entries of one company and pair, 4–8 made-up words each: narrowing by company and
    // pair (the btree index) leaves them all, so only the trigram index can find the few alike.
    const big = await newCompany(db)
    await sql`insert into public.tm_entries (user_id, source_language_code, target_language_code,
        source_text, target_text)
      select ${big}, 'en', 'de', t.text, t.text from generate_series(1, 3000) g
      cross join lateral (select string_agg(substr(md5((g * 10 + k)::text), 1, 3 + k % 4), ' ') as text
        from generate_series(1, 4 + g % 5) k) t`.execute(db)
    await sql`analyze public.tm_entries`.execute(db)
    const plan = await db.transaction().execute(async (trx) => {
      // Reading 3,000 rows whole is still cheaper than the index for the planner; at 100,000 it
      // prefers the index on its own (bench scenario 7).
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`select set_config('pg_trgm.similarity_threshold', '0.5', true)`.execute(trx)
      const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (format json)
        select * from nativ.tm_fuzzy_matches(${big}, ${"c4ca 45c4 8cc 2"}, 'en', 'de', 10)`.execute(
        trx,
      )
      return JSON.stringify(rows[0]!["QUERY PLAN"])
    })
    expect(plan).toContain('"Index Name":"tm_entries_source_trgm_idx"')
    expect(plan).toContain("OPERATOR(extensions.%)")
  })

  it("is one round trip, and its threshold does not stay on the connection", async () => {
    let statements = 0
    const pool = database.pool
    const counting = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: {
          connect: async () => {
            const client = await pool.connect()
            return {
              query: (...args: Parameters<pg.PoolClient["query"]>) => {
                statements++
                return client.query(...args)
              },
              release: (error?: Error | boolean) => client.release(error),
            } as unknown as pg.PoolClient
          },
          end: async () => {},
        },
      }),
    })
    const matches = await search(counting, company, "Add the item to your shopping cart", {
      cutoff: 80,
    })
    expect(matches).toHaveLength(4)
    expect(statements).toBe(1)

    await db.connection().execute(async (one) => {
      await search(one, company, "Add the item to your shopping cart", { cutoff: 80 })
      const { rows } = await sql<{
        limit: number
      }>`select extensions.show_limit() as limit`.execute(one)
      expect(rows[0]!.limit).toBeCloseTo(0.3)
    })
  })
})
