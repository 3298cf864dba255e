import type { TmEntryCreate, TmLanguages, TmSources } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

/** What an import did: entries added, entries already held whose source name it changed. */
export type Upserted = { added: number; updated: number }

/**
 * Upserts on the entry's identity — source text, languages and target text — in one transaction:
 * entries the company's memory already holds take the file's source name when it names another
 * (updated), the others are added in one INSERT … SELECT however many there are (added); the
 * rest are unchanged. `entries` must not repeat an entry (uniqueEntries). Uploads of one company
 * take turns (a transaction-scoped advisory lock), so two at once cannot both add the same entry.
 */
export async function addMissingEntries(
  db: Db,
  companyId: string,
  entries: TmEntryCreate[],
  /** Runs in the same transaction with the counts, so the import and its record commit together. */
  afterAdding: (trx: Db, done: Upserted) => Promise<void> = async () => {},
): Promise<Upserted> {
  const rows = JSON.stringify(
    entries.map((e) => ({
      source_language_code: e.source_language_code,
      target_language_code: e.target_language_code,
      source_text: e.source_text,
      target_text: e.target_text,
      information_source: e.information_source,
      source_name: e.source_name,
      enabled: e.enabled,
      priority: e.priority,
    })),
  )
  return db.transaction().execute(async (trx) => {
    if (!entries.length) {
      await afterAdding(trx, { added: 0, updated: 0 })
      return { added: 0, updated: 0 }
    }
    await sql`select pg_advisory_xact_lock(hashtextextended(${`tm-upload:${companyId}`}, 0))`.execute(
      trx,
    )
    const renamed = await sql`
      update public.tm_entries t set source_name = r.source_name
      from json_to_recordset(${rows}::json) as r(source_language_code text,
        target_language_code text, source_text text, target_text text, source_name text)
      where t.user_id = ${companyId}::uuid
        and t.source_language_code = r.source_language_code
        and t.target_language_code = r.target_language_code
        and md5(t.source_text) = md5(r.source_text)
        and t.source_text = r.source_text and t.target_text = r.target_text
        and r.source_name is not null and t.source_name is distinct from r.source_name
    `.execute(trx)
    const updated = Number(renamed.numAffectedRows ?? 0)
    // The md5 of the source text is what tm_entries_exact_idx holds, so the NOT EXISTS probe is an
    // index lookup; texts of up to 20,000 characters are not indexed whole.
    const result = await sql`
      insert into public.tm_entries (user_id, source_language_code, target_language_code,
        source_text, target_text, information_source, source_name, enabled, priority)
      select ${companyId}::uuid, r.source_language_code, r.target_language_code, r.source_text,
        r.target_text, r.information_source, r.source_name, r.enabled, r.priority
      from json_to_recordset(${rows}::json) as r(source_language_code text,
        target_language_code text, source_text text, target_text text, information_source text,
        source_name text, enabled boolean, priority smallint)
      where not exists (
        select 1 from public.tm_entries t
        where t.user_id = ${companyId}::uuid
          and t.source_language_code = r.source_language_code
          and t.target_language_code = r.target_language_code
          and md5(t.source_text) = md5(r.source_text)
          and t.source_text = r.source_text and t.target_text = r.target_text
      )
    `.execute(trx)
    const done = { added: Number(result.numAffectedRows ?? 0), updated }
    await afterAdding(trx, done)
    return done
  })
}

/** Deletes those of `ids` that are the company's entries; answers the ids deleted. */
export async function deleteEntries(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    delete from public.tm_entries
    where user_id = ${companyId}
      and id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
    returning id::text as id
  `.execute(db)
  return rows.map((r) => r.id)
}

type Counted = { total: number; enabled: number }

/** The language codes and pairs of the company's memory, with how many entries each. */
export async function readLanguages(db: Db, companyId: string): Promise<TmLanguages> {
  const { rows } = await sql<
    { source_language_code: string; target_language_code: string } & Counted
  >`
    select source_language_code, target_language_code, count(*)::int as total,
      (count(*) filter (where enabled))::int as enabled
    from public.tm_entries where user_id = ${companyId}
    group by 1, 2 order by 3 desc, 1, 2
  `.execute(db)
  const byCode = (key: "source_language_code" | "target_language_code") => {
    const counts = new Map<string, Counted>()
    for (const row of rows) {
      const seen = counts.get(row[key]) ?? { total: 0, enabled: 0 }
      counts.set(row[key], { total: seen.total + row.total, enabled: seen.enabled + row.enabled })
    }
    return [...counts]
      .map(([code, counted]) => ({ code, ...counted }))
      .sort((a, b) => b.total - a.total || a.code.localeCompare(b.code))
  }
  return {
    source_languages: byCode("source_language_code"),
    target_languages: byCode("target_language_code"),
    pairs: rows,
  }
}

const SOURCE_NAMES_LISTED = 50

/** Where the company's entries came from, with how many each, and their labels within. */
export async function readSources(db: Db, companyId: string): Promise<TmSources> {
  const { rows } = await sql<
    {
      information_source: TmSources["sources"][number]["information_source"]
      source_name: string | null
    } & Counted
  >`
    select information_source, source_name, count(*)::int as total,
      (count(*) filter (where enabled))::int as enabled
    from public.tm_entries where user_id = ${companyId}
    group by 1, 2 order by 1, 3 desc, 2 nulls last
  `.execute(db)
  const sources = new Map<string, TmSources["sources"][number]>()
  for (const row of rows) {
    const source = sources.get(row.information_source) ?? {
      information_source: row.information_source,
      total: 0,
      enabled: 0,
      names: [],
    }
    source.total += row.total
    source.enabled += row.enabled
    if (source.names.length < SOURCE_NAMES_LISTED)
      source.names.push({ source_name: row.source_name, total: row.total })
    sources.set(row.information_source, source)
  }
  return { sources: [...sources.values()] }
}
