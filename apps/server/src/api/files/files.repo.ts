import { sql } from "kysely"

import type { Db } from "../../db/schema"
import type { CompanyLanguage } from "../culturalize/request-languages"
import { MEMORY_DAYS } from "../culturalize/memory.repo"

/**
 * The files API's reads and writes of its per-string memory (nativ.culturalize_memory, the table
 * single requests keep their answers in, one row per distinct text and settings) and of the record
 * of which source produced each translated key (nativ.file_sources).
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

/** Remembered translations of these request hashes (answers of the last 90 days). */
export async function recallMany(
  db: Db,
  companyId: string,
  hashes: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  if (hashes.length === 0) return found
  const { rows } = await sql<{ request_hash: string; text: string }>`
    select request_hash, answer ->> 'translated_text' as text from nativ.culturalize_memory
    where user_id = ${companyId}
      and request_hash = any(array(select jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb)))
      and created_at > now() - make_interval(days => ${MEMORY_DAYS})
  `.execute(db)
  for (const row of rows) found.set(row.request_hash, row.text)
  return found
}

/** Keeps fresh translations for free repeats (inside the charge's transaction). */
export async function rememberMany(
  db: Db,
  companyId: string,
  engine: string,
  entries: { hash: string; text: string }[],
) {
  if (entries.length === 0) return
  await sql`
    insert into nativ.culturalize_memory (user_id, request_hash, answer)
    select ${companyId}, e.hash, jsonb_build_object('translated_text', e.text, 'engine', ${engine}::text)
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(hash text, text text)
    on conflict (user_id, request_hash)
      do update set answer = excluded.answer, created_at = now()
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
