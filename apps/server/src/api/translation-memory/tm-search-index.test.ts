import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { Database } from "../../db/database"
import type { Db } from "../../db/schema"
import { createLogger } from "../../logger"
import { openTestDatabase } from "../../testing/test-database"
import { createTmSearch, type SearchInput, type TmSearch } from "./tm-search-index"
import { fuzzySearch } from "./tm.repo"
import { newCompany } from "./tm-test-company"

/** A deterministic pseudo-random sequence (the same corpus on every run and backend). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const WORDS = [
  ...(
    "add the item to your shopping cart basket remove order has shipped save changes cancel " +
    "payment card expired invoice download settings profile password reset email address"
  ).split(" "),
  "Café",
  "crème",
  "brûlée",
  "naïve",
  "Straße",
  "日本語",
  "テキスト",
  "größe",
  "ÜBER",
  "x-ray",
  "e-mail",
  "don't",
  "50%",
]
const PAIRS = [
  ["en", "de"],
  ["en", "fr"],
  ["en", "fr-fr"],
  ["en", "fr-ca"],
  ["en", "pt_br"],
  ["en-us", "de"],
  ["es", "de"],
]

/** Entries of a few words from a small vocabulary: many near matches, repeated texts, every pair.
 * No two share an update time, so the order (ending in recency) leaves no ties that SQL may break
 * either way at the limit. */
async function seedCorpus(db: Db, companyId: string, count: number, seed: number) {
  const next = random(seed)
  const texts = Array.from({ length: count }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 6) },
      () => WORDS[Math.floor(next() * next() * WORDS.length)]!,
    ).join(" "),
  )
  const values = texts.map((text, i) => {
    const [source, target] = PAIRS[Math.floor(next() * PAIRS.length)]!
    return sql`(${companyId}::uuid, ${source}, ${target}, ${text}, ${`T ${i}`},
      ${Math.floor(next() * 3) * 25}::smallint, ${next() > 0.1},
      now() - make_interval(secs => ${i + next()}))`
  })
  await sql`insert into public.tm_entries (user_id, source_language_code, target_language_code,
      source_text, target_text, priority, enabled, updated_at)
    values ${sql.join(values)}`.execute(db)
  return texts
}

const logger = createLogger("silent")

describe("fuzzy search from the in-memory index", () => {
  let database: Database
  let db: Db
  let company: string
  let texts: string[]
  let index: TmSearch

  beforeAll(async () => {
    database = await openTestDatabase()
    db = database.db
    company = await newCompany(db)
    texts = await seedCorpus(db, company, 600, 7)
    // Another company's near-identical memory stays out of the first one's answers.
    await seedCorpus(db, await newCompany(db), 200, 7)
  })
  afterAll(async () => {
    await index?.close()
    await database.close()
  })

  /** Searches until the index answers (its first search starts the load and runs in SQL). */
  async function ready(search: TmSearch, companyId: string) {
    for (let i = 0; i < 200; i++) {
      const { via } = await search.search(companyId, input("cart"))
      if (via === "memory") return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error("the index never loaded")
  }

  const input = (query: string, more: Partial<SearchInput> = {}): SearchInput => ({
    query,
    source_lang: "en",
    target_lang: "de",
    score_cutoff: 0,
    limit: 10,
    ...more,
  })

  /** The index and the SQL search answer the same, match for match, score for score. */
  async function expectSameAnswers(queries: SearchInput[]) {
    for (const q of queries) {
      const fromMemory = await index.search(company, q)
      expect(fromMemory.via).toBe("memory")
      const expected = await fuzzySearch(db, company, q)
      // Ties in every ordering key may come out in any order from SQL: compare them as sets.
      const key = (m: { score: number; tm_id: string }) => `${m.score}:${m.tm_id}`
      expect(
        fromMemory.matches.map(key).sort(),
        `${q.query} ${q.source_lang}→${q.target_lang}`,
      ).toEqual(expected.map(key).sort())
      expect(fromMemory.matches.map((m) => m.score)).toEqual(expected.map((m) => m.score))
      expect(fromMemory.matches.map((m) => m.match_type)).toEqual(expected.map((m) => m.match_type))
    }
  }

  function queriesFor(seed: number): SearchInput[] {
    const next = random(seed)
    const languages: [string, string | undefined][] = [
      ["en", "de"],
      ["EN", "fr"],
      ["en", "fr-FR"],
      ["en", "fr_CA"],
      ["en", "pt-BR"],
      ["en", undefined],
      ["es", "de"],
      ["en-US", "de"],
    ]
    return Array.from({ length: 40 }, (_, i) => {
      const words = texts[Math.floor(next() * texts.length)]!.split(" ")
      if (i % 3 === 1) words[Math.floor(next() * words.length)] = "xylophone"
      if (i % 3 === 2) words.pop()
      const [source, target] = languages[i % languages.length]!
      return input(words.join(" ") || "cart", {
        source_lang: source,
        ...(target ? { target_lang: target } : { target_lang: undefined }),
        score_cutoff: [0, 50, 65, 80, 95][i % 5]!,
        limit: [10, 3, 50][i % 3]!,
      })
    })
  }

  it("answers what the SQL search answers: same matches, scores and order keys", async () => {
    index = createTmSearch(db, { minEntries: 100, maxEntries: 10_000, logger, pageSize: 97 })
    await ready(index, company)
    await expectSameAnswers(queriesFor(11))
    // A query with no trigrams at all, and one of unseen words only.
    await expectSameAnswers([input("!!! ???"), input("zzyzx quux")])
  })

  it("follows inserts, edits, disabling and deletions made after it loaded", async () => {
    const { rows } = await sql<{ id: string }>`select id::text as id from public.tm_entries
      where user_id = ${company} order by id limit 60`.execute(db)
    const ids = rows.map((r) => r.id)
    await sql`update public.tm_entries set source_text = 'add the shopping cart item now'
      where id = any(${ids.slice(0, 20)}::uuid[])`.execute(db)
    await sql`update public.tm_entries set enabled = not enabled
      where id = any(${ids.slice(20, 40)}::uuid[])`.execute(db)
    await sql`delete from public.tm_entries where id = any(${ids.slice(40, 60)}::uuid[])`.execute(
      db,
    )
    texts.push(...(await seedCorpus(db, company, 50, 99)))
    await expectSameAnswers([
      input("add the shopping cart item now"),
      input("add the shopping cart item", { target_lang: undefined }),
      ...queriesFor(12),
    ])
  })

  it("sees a change committed while it was reading, once committed (PostgreSQL: two connections)", async () => {
    if (database.kind !== "postgres") {
      // PGlite has one connection: a write cannot be open while a search reads. Changes in one
      // transaction still arrive together.
      await db.transaction().execute(async (trx) => {
        await sql`insert into public.tm_entries (user_id, source_language_code, target_language_code,
            source_text, target_text) values (${company}, 'en', 'de', 'brand new cart text', 'x')`.execute(
          trx,
        )
        await sql`update public.tm_entries set source_text = 'brand new cart text too'
          where user_id = ${company} and source_text = 'cart'`.execute(trx)
      })
      await expectSameAnswers([input("brand new cart text")])
      return
    }
    await db.connection().execute(async (writer) => {
      await sql`begin`.execute(writer)
      await sql`insert into public.tm_entries (user_id, source_language_code, target_language_code,
          source_text, target_text) values (${company}, 'en', 'de', 'slowly committed cart text', 'x')`.execute(
        writer,
      )
      // A search now cannot see it, and must not lose it once it commits.
      const before = await index.search(company, input("slowly committed cart text"))
      expect(before.matches.map((m) => m.source_text)).not.toContain("slowly committed cart text")
      await sql`commit`.execute(writer)
    })
    const after = await index.search(company, input("slowly committed cart text"))
    expect(after.matches[0]).toMatchObject({
      source_text: "slowly committed cart text",
      match_type: "exact",
    })
  })

  it("leaves small memories to the database, and keeps within its entry budget", async () => {
    const small = await newCompany(db)
    await seedCorpus(db, small, 20, 5)
    const search = createTmSearch(db, { minEntries: 100, maxEntries: 1_000, logger })
    try {
      for (let i = 0; i < 3; i++)
        expect((await search.search(small, input("cart"))).via).toBe("database")
      // 650 entries fit the budget of 1,000; a second large memory pushes the first out.
      await ready(search, company)
      const second = await newCompany(db)
      await seedCorpus(db, second, 600, 3)
      await ready(search, second)
      expect((await search.search(company, input("cart"))).via).toBe("database")
    } finally {
      await search.close()
    }
  })

  it("loads again after 12 hours without a search, before the day its change records live ends", async () => {
    let clock = Date.now()
    const search = createTmSearch(db, {
      minEntries: 100,
      maxEntries: 10_000,
      logger,
      now: () => clock,
    })
    try {
      await ready(search, company)
      clock += 12 * 3_600_000 + 1
      expect((await search.search(company, input("cart"))).via).toBe("database")
      await ready(search, company)
    } finally {
      await search.close()
    }
    // Any write prunes change records older than a day; younger ones stay.
    await sql`update nativ.tm_entry_changes set changed_at = now() - interval '25 hours'
      where entry_id in (select entry_id from nativ.tm_entry_changes limit 5)`.execute(db)
    const before = await sql<{
      n: number
    }>`select count(*)::int as n from nativ.tm_entry_changes`.execute(db)
    await sql`update public.tm_entries set priority = 50 where user_id = ${company}
      and id = (select id from public.tm_entries where user_id = ${company} limit 1)`.execute(db)
    const after = await sql<{
      n: number
    }>`select count(*)::int as n from nativ.tm_entry_changes`.execute(db)
    expect(after.rows[0]!.n).toBeGreaterThanOrEqual(before.rows[0]!.n - 5)
    expect(after.rows[0]!.n).toBeLessThanOrEqual(before.rows[0]!.n - 4)
  })

  it("answers from the database with the index turned off", async () => {
    const off = createTmSearch(db, { minEntries: 1, maxEntries: 0, logger })
    for (let i = 0; i < 3; i++)
      expect((await off.search(company, input("cart"))).via).toBe("database")
    await off.close()
  })
})
