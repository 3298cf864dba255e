import { TM_SCORE_FLOOR, type TmSearchMatch, type TmSearchQuery } from "@nativ/contracts"

import type { Db } from "../../db/schema"
import type { Logger } from "../../logger"
import { countEntries, currentSnapshot, readChanges, readMatches, readPage } from "./tm-index.repo"
import { fuzzySearch, toMatch } from "./tm.repo"
import { TrigramDictionary, TrigramIndex } from "./tm-trigram-index"

/**
 * Fuzzy translation-memory search, from this server's memory for companies with a large memory and
 * from the database for the rest (and for a large one until its index is loaded).
 *
 * A company's index is loaded in the background on its first search once it holds `minEntries`.
 * Before each search it reads what changed since the snapshot it last saw, in the same statement
 * that computes the query's trigrams (migration 20260111000000), so a search answers what the
 * database holds, as the SQL search would, whichever replica wrote it. A second statement reads the
 * chosen entries. Indexes together hold at most `maxEntries` entries; the least recently searched
 * make room.
 */
export type TmSearch = {
  search(
    companyId: string,
    q: SearchInput,
  ): Promise<{ matches: TmSearchMatch[]; via: "memory" | "database" }>
  /** Stops loading and waits for loads under way (before the database closes). */
  close(): Promise<void>
}

export type SearchInput = Pick<
  TmSearchQuery,
  "query" | "source_lang" | "target_lang" | "score_cutoff" | "limit"
>

export type TmSearchOptions = {
  minEntries: number
  /** 0 turns the in-memory index off. */
  maxEntries: number
  logger: Logger
  /** Entries read per statement while loading (each holds an embedded database that long). */
  pageSize?: number
  now?: () => number
}

/** A company below minEntries is counted again after this. */
const RECOUNT_MS = 60_000
/** Change records live a day (the migration prunes them); an index this old loads again. */
const STALE_MS = 12 * 3_600_000

type Company =
  | { state: "loading" | "small"; since: number }
  | {
      state: "ready"
      index: TrigramIndex
      snapshot: string
      syncedAt: number
      usedAt: number
      /** Syncs run one at a time: changes apply in the order the database saw them. */
      queue: Promise<unknown>
    }

export function createTmSearch(db: Db, options: TmSearchOptions): TmSearch {
  const now = options.now ?? Date.now
  const pageSize = options.pageSize ?? 1_000
  const dictionary = new TrigramDictionary()
  const companies = new Map<string, Company>()
  const loads = new Set<Promise<void>>()
  let closed = false

  const database = async (companyId: string, q: SearchInput) => ({
    matches: await fuzzySearch(db, companyId, q),
    via: "database" as const,
  })

  function consider(companyId: string) {
    const company = companies.get(companyId)
    if (closed || options.maxEntries === 0) return
    if (company?.state === "loading" || company?.state === "ready") return
    if (company?.state === "small" && now() - company.since < RECOUNT_MS) return
    companies.set(companyId, { state: "loading", since: now() })
    const load = loadCompany(companyId)
      .catch((err: unknown) => {
        options.logger.warn({ err, companyId }, "loading a translation memory's index failed")
        companies.set(companyId, { state: "small", since: now() })
      })
      .finally(() => loads.delete(load))
    loads.add(load)
  }

  async function loadCompany(companyId: string) {
    const started = now()
    const count = await countEntries(db, companyId, options.maxEntries + 1)
    if (count < options.minEntries || count > options.maxEntries) {
      companies.set(companyId, { state: "small", since: now() })
      return
    }
    makeRoom(count)
    const snapshot = await currentSnapshot(db)
    const index = new TrigramIndex(dictionary)
    let cursor = null
    do {
      // An embedded database answers in the same thread without ever waiting on I/O: without this
      // the whole load would run before any request is read.
      await new Promise((resolve) => setImmediate(resolve))
      if (closed) return
      const page = await readPage(db, companyId, cursor, pageSize)
      for (const entry of page.entries) index.put(entry)
      cursor = page.next
    } while (cursor)
    if (closed) return
    companies.set(companyId, {
      state: "ready",
      index,
      snapshot,
      syncedAt: now(),
      usedAt: now(),
      queue: Promise.resolve(),
    })
    options.logger.info(
      { companyId, entries: index.size, ms: now() - started },
      "translation memory index loaded",
    )
  }

  /** Drops the least recently searched indexes until `entries` more fit. */
  function makeRoom(entries: number) {
    const ready = [...companies].flatMap(([id, c]) => (c.state === "ready" ? [{ id, c }] : []))
    let held = ready.reduce((sum, { c }) => sum + c.index.size, 0)
    ready.sort((a, b) => a.c.usedAt - b.c.usedAt)
    for (const { id, c } of ready) {
      if (held + entries <= options.maxEntries) break
      companies.delete(id)
      held -= c.index.size
    }
  }

  async function fromMemory(
    companyId: string,
    company: Extract<Company, { state: "ready" }>,
    q: SearchInput,
  ) {
    const query = { text: q.query, source: q.source_lang, target: q.target_lang ?? null }
    const sync = company.queue.then(async () => {
      const changes = await readChanges(db, companyId, company.snapshot, query)
      for (const change of changes.changes)
        if (change.text === undefined) company.index.remove(change.id)
        else company.index.put(change)
      company.snapshot = changes.snapshot
      company.syncedAt = now()
      return changes
    })
    company.queue = sync.catch(() => undefined)
    const { query_trigrams, source_tag, target_tag } = await sync

    const ranked = (exclude?: Set<string>) =>
      company.index.search({
        text: q.query,
        trigrams: query_trigrams,
        source: source_tag,
        target: target_tag,
        threshold: Math.max(q.score_cutoff, TM_SCORE_FLOOR) / 100,
        limit: q.limit,
        ...(exclude ? { exclude } : {}),
      })
    // An entry deleted after the sync is missing from the rows: rank again without it.
    const missing = new Set<string>()
    for (let attempt = 0; ; attempt++) {
      const ids = ranked(missing).map((m) => m.id)
      if (ids.length === 0) return []
      const rows = new Map(
        (await readMatches(db, companyId, ids, q.query)).map((r) => [r.tm_id, r]),
      )
      const found = ids.flatMap((id) => {
        const row = rows.get(id)
        if (!row) missing.add(id)
        return row ? [toMatch(row)] : []
      })
      if (found.length === ids.length || attempt === 2) return found
    }
  }

  return {
    async search(companyId, q) {
      const company = companies.get(companyId)
      if (company?.state !== "ready" || now() - company.syncedAt > STALE_MS) {
        if (company?.state === "ready") companies.delete(companyId)
        consider(companyId)
        return database(companyId, q)
      }
      company.usedAt = now()
      return { matches: await fromMemory(companyId, company, q), via: "memory" }
    },
    async close() {
      closed = true
      await Promise.all(loads)
    },
  }
}
