import {
  TM_SCORE_FLOOR,
  type TmEntry,
  type TmEntryCreate,
  type TmEntryUpdate,
  type TmList,
  type TmListQuery,
  type TmSearchMatch,
  type TmSearchQuery,
  type TmStats,
} from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { isUuid } from "../../db/uuid"
import type { SearchRow } from "./tm-index.repo"

type Row = Omit<TmEntry, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date }
const toEntry = (row: Row): TmEntry => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})
const COLUMNS = sql`id::text as id, source_language_code, target_language_code, source_text,
  target_text, information_source, source_name, enabled, priority, created_at, updated_at`

/** `%` and `_` match themselves in a LIKE pattern built from user text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listEntries(db: Db, companyId: string, q: TmListQuery): Promise<TmList> {
  const search = q.search ? likePattern(q.search) : null
  const filter = sql`user_id = ${companyId}
    and (${q.source_lang ?? null}::text is null or source_language_code = ${q.source_lang ?? null})
    and (${q.target_lang ?? null}::text is null or target_language_code = ${q.target_lang ?? null})
    and (${q.information_source ?? null}::text is null or information_source = ${q.information_source ?? null})
    and (not ${q.enabled_only ?? false} or enabled)
    and (${search}::text is null or source_text ilike ${search} or target_text ilike ${search})`
  const [page, count] = await Promise.all([
    sql<Row>`select ${COLUMNS} from public.tm_entries where ${filter}
      order by created_at desc, id desc limit ${q.limit} offset ${q.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from public.tm_entries where ${filter}`.execute(
      db,
    ),
  ])
  return {
    entries: page.rows.map(toEntry),
    total: count.rows[0]!.n,
    offset: q.offset,
    limit: q.limit,
  }
}

export async function addEntry(db: Db, companyId: string, entry: TmEntryCreate): Promise<TmEntry> {
  const { rows } = await sql<Row>`
    insert into public.tm_entries (user_id, source_language_code, target_language_code, source_text,
      target_text, information_source, source_name, enabled, priority)
    values (${companyId}, ${entry.source_language_code}, ${entry.target_language_code},
      ${entry.source_text}, ${entry.target_text}, ${entry.information_source}, ${entry.source_name},
      ${entry.enabled}, ${entry.priority})
    returning ${COLUMNS}
  `.execute(db)
  return toEntry(rows[0]!)
}

/** Null when the company has no such entry. */
export async function updateEntry(
  db: Db,
  companyId: string,
  id: string,
  change: TmEntryUpdate,
): Promise<TmEntry | null> {
  if (!isUuid(id)) return null
  const { rows } = await sql<Row>`
    update public.tm_entries set
      target_text = coalesce(${change.target_text ?? null}, target_text),
      enabled = coalesce(${change.enabled ?? null}::boolean, enabled),
      updated_at = now()
    where id = ${id} and user_id = ${companyId}
    returning ${COLUMNS}
  `.execute(db)
  return rows[0] ? toEntry(rows[0]) : null
}

export async function deleteEntry(db: Db, companyId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  const result = await sql`
    delete from public.tm_entries where id = ${id} and user_id = ${companyId}
  `.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

/**
 * Enabled entries whose source text is like `query`, best first: pg_trgm similarity as a score
 * from 0 to 100 (100 and `exact` only for the same text). One statement: nativ.tm_fuzzy_search
 * sets the threshold for the statement's transaction, so that the trigram index finds the
 * candidates at it, and runs a query whose plan the connection keeps (see its migration).
 */
export async function fuzzySearch(
  db: Db,
  companyId: string,
  q: Pick<TmSearchQuery, "query" | "source_lang" | "target_lang" | "score_cutoff" | "limit">,
): Promise<TmSearchMatch[]> {
  const threshold = Math.max(q.score_cutoff, TM_SCORE_FLOOR) / 100
  const { rows } = await sql<SearchRow>`
    select * from nativ.tm_fuzzy_search(${companyId}, ${q.query}, ${q.source_lang},
      ${q.target_lang ?? null}, ${threshold}, ${q.limit})
  `.execute(db)
  return rows.map(toMatch)
}

/** A row of nativ.tm_fuzzy_matches as a search answers it: a score from 0 to 100, 100 and
 * `exact` only for the same text. */
export const toMatch = ({ similarity, same, ...row }: SearchRow): TmSearchMatch => ({
  ...row,
  score: same ? 100 : Math.min(99, Math.round(similarity * 1000) / 10),
  match_type: same ? ("exact" as const) : ("fuzzy" as const),
})

export async function readStats(db: Db, companyId: string): Promise<TmStats> {
  const { rows } = await sql<{ information_source: string; total: number; enabled: number }>`
    select information_source, count(*)::int as total, (count(*) filter (where enabled))::int as enabled
    from public.tm_entries where user_id = ${companyId}
    group by information_source order by information_source
  `.execute(db)
  const total = rows.reduce((sum, r) => sum + r.total, 0)
  const enabled = rows.reduce((sum, r) => sum + r.enabled, 0)
  return {
    total,
    enabled,
    disabled: total - enabled,
    by_source: Object.fromEntries(
      rows.map((r) => [r.information_source, { total: r.total, enabled: r.enabled }]),
    ),
  }
}
