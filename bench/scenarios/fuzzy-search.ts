import pg from "pg"

import { openDatabase } from "../../apps/server/src/db/database"
import { createConfirmedAccount, type Session, signIn } from "../lib/accounts"
import { request } from "../lib/http"
import type { Row } from "../lib/report"
import { type DbTarget, type Server, startServer } from "../lib/server"
import { median, percentile, round } from "../lib/stats"

/**
 * Fuzzy translation-memory search at 100,000 entries (part of scenario 7), on either backend:
 * the entries are inserted with one SQL statement, then searched one at a time over HTTP.
 */
export const TM_ENTRIES = 100_000
export const FUZZY_TARGET_MS = 15

export type FuzzyResult = {
  entries: number
  seedMs: number
  /** The first search (in the database) and how long until one was answered from memory. */
  firstMs: number
  loadMs: number
  latencyMs: number[]
  medianMs: number
  hits: number
  /** Measured searches the in-memory index answered. */
  fromMemory: number
}

/** Runs one SQL statement with parameters (a pg.Client, or a pool on PGlite). */
type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>

/**
 * The vocabulary of the seeded entries: common words of interface copy first, then 3,000 made-up
 * words (2–3 syllables) standing in for a product's long tail. Entries draw 5–9 words, skewed
 * towards the front (index = V·u², a Zipf-like spread), so both shared and rare words occur.
 */
const COMMON =
  "add account address all and apply back basket billing buy cancel card cart change checkout " +
  "choose close code confirm contact continue copy create customer date day delete delivery " +
  "details discount done download edit email enter error every fast file free from gift help " +
  "home invoice item language later learn list login logout manage member message month more " +
  "name new next now offer open order over page password payment plan please price privacy " +
  "product profile receive refund remove reset return review save search secure select send " +
  "settings share shipping show sign size start store subscribe summary support team terms " +
  "today total track try update upgrade upload view wallet week welcome your"
const SYLLABLES =
  "ba be bi bo bu ca ce co da de di do fa fe fi fo ga ge go ka ke ki ko la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi".split(
    " ",
  )
const WORDS = [
  ...COMMON.split(" "),
  ...Array.from({ length: 3_000 }, (_, i) => {
    const n = SYLLABLES.length
    const word = SYLLABLES[i % n]! + SYLLABLES[Math.floor(i / n) % n]!
    return i % 3 === 0 ? word + SYLLABLES[(i * 7) % n]! : word
  }),
]

/** The seeded entries: how long the insert and ANALYZE took, and the texts to search for. */
export type SeededTm = { seedMs: number; queries: string[] }

/**
 * Inserts the entries for `userId`, analyzes the table and picks `searches` near matches of
 * stored texts to search for (one word replaced, so each has real near matches).
 */
export async function seedTm(query: Query, userId: string, searches: number): Promise<SeededTm> {
  const started = performance.now()
  await query(
    `insert into public.tm_entries (user_id, source_language_code, target_language_code,
       source_text, target_text, information_source)
     select $1, 'en', 'de', t.text, 'DE ' || t.text, 'import'
     from generate_series(1, $2::int) g
     cross join lateral (
       select string_agg(($3::text[])[1 + floor($4::int * u * u)::int], ' ') as text
       from generate_series(1, 5 + g % 5) k,
         lateral (select ((g::bigint * 7919 + k * 104729 + g::bigint * k * 31) % 10007) / 10007.0 as u) r
     ) t`,
    [userId, TM_ENTRIES, WORDS, WORDS.length],
  )
  await query("analyze public.tm_entries", [])
  const seedMs = round(performance.now() - started, 0)
  const { rows } = (await query(
    `select source_text from public.tm_entries where user_id = $1
     order by md5(id::text) limit $2`,
    [userId, searches],
  )) as { rows: { source_text: string }[] }
  const queries = rows.map((r, i) => {
    const words = r.source_text.split(" ")
    words[i % words.length] = WORDS[(i * 13) % WORDS.length]!
    return words.join(" ")
  })
  return { seedMs, queries }
}

/**
 * PGlite: the server holds the data directory's lock, so the entries go in while it is stopped,
 * through the server's own openDatabase (pg_trgm loaded as the server loads it).
 */
export async function seedTmOnPglite(
  dataDir: string,
  email: string,
  searches: number,
): Promise<SeededTm> {
  const database = await openDatabase({ kind: "pglite", dataDir })
  try {
    const query: Query = async (text, params) => database.pool.query(text, params)
    const { rows } = (await query("select id::text from auth.users where email = $1", [email])) as {
      rows: { id: string }[]
    }
    if (!rows[0]) throw new Error(`no account ${email} to seed translation memory for`)
    return await seedTm(query, rows[0].id, searches)
  } finally {
    await database.close()
  }
}

/** How long a first search waits for a large memory's index at most. */
const INDEX_WAIT_MS = 120_000

/**
 * One at a time through GET /api/v1/master-tm/fuzzy-search (default cut-off: threshold 0.5). The
 * first search of a large memory runs in the database and starts loading the server's in-memory
 * index; searches repeat until one is answered from it (`Server-Timing: tm;desc="memory"`), then 5
 * warm-up searches and the measured ones. The first search and the load are reported too.
 */
export async function measureFuzzy(
  server: Server,
  session: Session,
  { seedMs, queries }: SeededTm,
): Promise<FuzzyResult> {
  const search = async (text: string) => {
    const url = `${server.url}/api/v1/master-tm/fuzzy-search?query=${encodeURIComponent(text)}&source_lang=en&target_lang=de`
    const t = performance.now()
    const res = await request(url, { headers: { authorization: `Bearer ${session.accessToken}` } })
    if (res.status !== 200) throw new Error(`fuzzy-search → ${res.status}: ${res.body}`)
    return {
      ms: performance.now() - t,
      via: /desc="(\w+)"/.exec(String(res.headers["server-timing"] ?? ""))?.[1] ?? "unknown",
      found: (JSON.parse(res.body) as { matches: unknown[] }).matches.length > 0,
    }
  }
  const loadStarted = performance.now()
  const first = await search(queries[0]!)
  let via = first.via
  while (via !== "memory" && performance.now() - loadStarted < INDEX_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    via = (await search(queries[0]!)).via
  }
  const loadMs = round(performance.now() - loadStarted, 0)
  for (const text of queries.slice(0, 5)) await search(text) // warm-up
  const results = []
  for (const text of queries) results.push(await search(text))
  const latencyMs = results.map((r) => round(r.ms, 2))
  return {
    entries: TM_ENTRIES,
    seedMs,
    firstMs: round(first.ms, 1),
    loadMs,
    latencyMs,
    medianMs: round(median(latencyMs), 2),
    hits: results.filter((r) => r.found).length,
    fromMemory: results.filter((r) => r.via === "memory").length,
  }
}

/**
 * The fuzzy search alone on an empty database (`--only fuzzy`): an account signed up, its entries
 * seeded (on PGlite with the server stopped), then searched.
 */
export async function measureFuzzyAlone(target: DbTarget, searches: number): Promise<FuzzyResult> {
  const email = `bench-fuzzy-${target.kind}@bench.local`
  let server = await startServer(target)
  try {
    await createConfirmedAccount(server, email)
    let seeded: SeededTm
    if (target.kind === "postgres") {
      const { userId } = await signIn(server, email)
      const client = new pg.Client({ connectionString: target.url })
      await client.connect()
      try {
        seeded = await seedTm((text, params) => client.query(text, params), userId, searches)
      } finally {
        await client.end()
      }
    } else {
      await server.stop()
      seeded = await seedTmOnPglite(target.dataDir, email, searches)
      server = await startServer(target)
    }
    return await measureFuzzy(server, await signIn(server, email), seeded)
  } finally {
    await server.stop()
  }
}

export function fuzzyRow(db: "PostgreSQL" | "PGlite", f: FuzzyResult): Row {
  return {
    scenario: "7 Culturalize extras",
    figure: `${db}: fuzzy search over ${f.entries / 1000}k TM entries, median (p99 ${round(percentile(f.latencyMs, 99), 1)} ms; ${f.hits}/${f.latencyMs.length} found matches, ${f.fromMemory} from memory; first search ${f.firstMs} ms, index loaded within ${round(f.loadMs / 1000, 1)} s; seeded in ${round(f.seedMs / 1000, 1)} s)`,
    value: `${f.medianMs} ms`,
    target: `≤ ${FUZZY_TARGET_MS} ms`,
    pass: f.medianMs <= FUZZY_TARGET_MS && f.hits > 0,
  }
}
