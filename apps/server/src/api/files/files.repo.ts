import { sql } from "kysely"

import type { Db } from "../../db/schema"
import type { CompanyLanguage } from "../culturalize/request-languages"
import { MEMORY_DAYS } from "../culturalize/memory.repo"

/**
 * The files API's reads and writes: its memory of strings (nativ.file_memory), the last answer
 * per file (nativ.file_results) and the record of which source produced each key
 * (nativ.file_sources).
 */

/** The company's languages by upper-cased code and name, for targets CLDR does not know. */
export async function companyLanguages(db: Db, companyId: string) {
  const { rows } = await sql<CompanyLanguage>`
    select language, language_code from public.user_languages_mapping where user_id = ${companyId}
  `.execute(db)
  const byKey = new Map<string, CompanyLanguage>()
  for (const row of rows) {
    byKey.set(row.language_code.toUpperCase(), row)
    byKey.set(row.language.toUpperCase(), row)
  }
  return byKey
}

/**
 * Remembered translations (by text hash) made with these settings, in any of the company's files,
 * the most recently written first. Each file's map is read whole and looked up here: asking the
 * database for each hash detoasted a large map once per hash.
 */
export async function recallMany(
  db: Db,
  companyId: string,
  settingsHash: string,
  hashes: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  if (hashes.length === 0) return found
  const { rows } = await sql<{ strings: Record<string, string> }>`
    select strings from nativ.file_memory
    where company_id = ${companyId} and settings_hash = ${settingsHash}
      and updated_at > now() - make_interval(days => ${MEMORY_DAYS})
    order by updated_at desc
  `.execute(db)
  for (const hash of hashes)
    for (const { strings } of rows) {
      const translation = strings[hash]
      if (translation !== undefined) {
        found.set(hash, translation)
        break
      }
    }
  return found
}

/** Merges a file's fresh translations into its memory row (inside the charge's transaction). */
export async function rememberMany(
  db: Db,
  companyId: string,
  settingsHash: string,
  fileId: string,
  entries: { hash: string; text: string }[],
) {
  if (entries.length === 0) return
  const strings = Object.fromEntries(entries.map((e) => [e.hash, e.text]))
  await sql`
    insert into nativ.file_memory (company_id, settings_hash, file_id, strings)
    values (${companyId}, ${settingsHash}, ${fileId}, ${JSON.stringify(strings)}::jsonb)
    on conflict (company_id, settings_hash, file_id)
      do update set strings = file_memory.strings || excluded.strings, updated_at = now()
  `.execute(db)
}

/**
 * Forgets files' memories not written for the memory's days, and last answers as old, a bounded
 * batch of each at a time.
 */
export async function forgetOldStrings(db: Db) {
  await sql`
    delete from nativ.file_memory where ctid in (
      select ctid from nativ.file_memory
      where updated_at < now() - make_interval(days => ${MEMORY_DAYS}) limit 100)
  `.execute(db)
  await sql`
    delete from nativ.file_results where ctid in (
      select ctid from nativ.file_results
      where created_at < now() - make_interval(days => ${MEMORY_DAYS}) limit 100)
  `.execute(db)
}

/** The file's last answer, when it was made from exactly this request (its hash). */
export async function readResult<T>(
  db: Db,
  companyId: string,
  fileId: string,
  requestHash: string,
): Promise<T | null> {
  const { rows } = await sql<{ response: T }>`
    select response from nativ.file_results
    where company_id = ${companyId} and file_id = ${fileId} and request_hash = ${requestHash}
      and created_at > now() - make_interval(days => ${MEMORY_DAYS})
  `.execute(db)
  return rows[0]?.response ?? null
}

export async function writeResult(
  db: Db,
  companyId: string,
  fileId: string,
  requestHash: string,
  response: unknown,
) {
  await sql`
    insert into nativ.file_results (company_id, file_id, request_hash, response)
    values (${companyId}, ${fileId}, ${requestHash}, ${JSON.stringify(response)}::jsonb)
    on conflict (company_id, file_id)
      do update set request_hash = excluded.request_hash, response = excluded.response,
        created_at = now()
  `.execute(db)
}

/** {key: source hash} of the file's last translation into the language; empty when none. */
export async function readSources(
  db: Db,
  companyId: string,
  fileId: string,
  languageCode: string,
): Promise<Record<string, string>> {
  const { rows } = await sql<{ sources: Record<string, string> }>`
    select sources from nativ.file_sources
    where company_id = ${companyId} and file_id = ${fileId} and language_code = ${languageCode}
  `.execute(db)
  return rows[0]?.sources ?? {}
}

export async function writeSources(
  db: Db,
  companyId: string,
  fileId: string,
  languageCode: string,
  sources: Record<string, string>,
) {
  await sql`
    insert into nativ.file_sources (company_id, file_id, language_code, sources)
    values (${companyId}, ${fileId}, ${languageCode}, ${JSON.stringify(sources)}::jsonb)
    on conflict (company_id, file_id, language_code)
      do update set sources = excluded.sources, updated_at = now()
  `.execute(db)
}
