import { sql } from "kysely"

import type { Db } from "../../db/schema"
import type { IndexedEntry } from "./tm-trigram-index"

/** How many entries the company has, counting no further than `upTo`. */
export async function countEntries(db: Db, companyId: string, upTo: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n
    from (select 1 from public.tm_entries where user_id = ${companyId} limit ${upTo}) s
  `.execute(db)
  return rows[0]!.n
}

/** The snapshot a load starts from: changes it did not see are read by the first sync. */
export async function currentSnapshot(db: Db): Promise<string> {
  const { rows } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(db)
  return rows[0]!.s
}

/** Where the last page ended; created_at as text, since a Date would drop its microseconds. */
export type PageCursor = { created_at: string; id: string } | null

/** One page of a company's entries, newest first, after `cursor`. */
export async function readPage(
  db: Db,
  companyId: string,
  cursor: PageCursor,
  limit: number,
): Promise<{ entries: IndexedEntry[]; next: PageCursor }> {
  const { rows } = await sql<{ entry: IndexedEntry; created_at: string; id: string }>`
    select entry, created_at::text as created_at, id::text as id
    from nativ.tm_index_page(${companyId}, ${cursor?.created_at ?? null}::timestamptz,
      ${cursor?.id ?? null}::uuid, ${limit})
  `.execute(db)
  const last = rows.at(-1)
  return {
    entries: rows.map((r) => r.entry),
    next: rows.length === limit && last ? { created_at: last.created_at, id: last.id } : null,
  }
}

export type Sync = {
  snapshot: string
  query_trigrams: string[]
  source_tag: string
  target_tag: string | null
  /** Entries written since the last snapshot; a deleted one as its id alone. */
  changes: (IndexedEntry | { id: string; text?: undefined })[]
}

/** What changed since `since`, and the query's trigrams and language tags, in one statement. */
export async function readChanges(
  db: Db,
  companyId: string,
  since: string,
  query: { text: string; source: string; target: string | null },
): Promise<Sync> {
  const { rows } = await sql<Sync>`
    select * from nativ.tm_index_sync(${companyId}, ${since}, ${query.text}, ${query.source},
      ${query.target})
  `.execute(db)
  return rows[0]!
}

export type SearchRow = {
  tm_id: string
  source_text: string
  target_text: string
  target_language_code: string
  information_source: "manual" | "approved" | "user_glossary" | "import"
  source_name: string | null
  similarity: number
  same: boolean
}

/** The chosen entries as a search answers them (unordered; a deleted one is missing). */
export async function readMatches(
  db: Db,
  companyId: string,
  ids: string[],
  query: string,
): Promise<SearchRow[]> {
  const { rows } = await sql<SearchRow>`
    select * from nativ.tm_search_rows(${companyId}, ${ids}::uuid[], ${query})
  `.execute(db)
  return rows
}
