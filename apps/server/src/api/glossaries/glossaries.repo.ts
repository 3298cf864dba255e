import type { Glossary, GlossaryPair } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { isUuid } from "../../db/uuid"

type Row = Omit<Glossary, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date }
const toGlossary = (row: Row): Glossary => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})
const SUMMARY = sql`id::text as id, name, language_code, entry_count, created_at, updated_at`

export async function listGlossaries(db: Db, companyId: string): Promise<Glossary[]> {
  const { rows } = await sql<Row>`
    select ${SUMMARY} from public.glossaries where user_id = ${companyId}
    order by lower(name), created_at
  `.execute(db)
  return rows.map(toGlossary)
}

export async function countGlossaries(db: Db, companyId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from public.glossaries where user_id = ${companyId}
  `.execute(db)
  return rows[0]!.n
}

export async function createGlossary(
  db: Db,
  companyId: string,
  glossary: { name: string; language_code: string; entries: GlossaryPair[] },
): Promise<Glossary> {
  const { rows } = await sql<Row>`
    insert into public.glossaries (user_id, name, language_code, entries, entry_count)
    values (${companyId}, ${glossary.name}, ${glossary.language_code},
      ${JSON.stringify(glossary.entries)}::jsonb, ${glossary.entries.length})
    returning ${SUMMARY}
  `.execute(db)
  return toGlossary(rows[0]!)
}

/** Null when the company has no such glossary (another company's id included). */
export async function findGlossary(db: Db, companyId: string, id: string) {
  if (!isUuid(id)) return null
  const { rows } = await sql<Row>`
    select ${SUMMARY} from public.glossaries where id = ${id} and user_id = ${companyId}
  `.execute(db)
  return rows[0] ? toGlossary(rows[0]) : null
}

/**
 * A glossary's entries as one JSON value (null when the company has no such glossary): a scalar
 * subquery to embed in a larger statement (culturalize-context.repo.ts).
 */
export function glossaryEntriesJson(companyId: string, id: string) {
  return sql`(select entries from public.glossaries
    where id = ${isUuid(id) ? id : null}::uuid and user_id = ${companyId})`
}

export async function readGlossaryEntries(
  db: Db,
  companyId: string,
  id: string,
): Promise<GlossaryPair[] | null> {
  if (!isUuid(id)) return null
  const { rows } = await sql<{ entries: GlossaryPair[] }>`
    select entries from public.glossaries where id = ${id} and user_id = ${companyId}
  `.execute(db)
  return rows[0]?.entries ?? null
}

export async function updateGlossary(
  db: Db,
  companyId: string,
  id: string,
  change: {
    name?: string | undefined
    language_code?: string | undefined
    entries?: GlossaryPair[]
  },
): Promise<Glossary | null> {
  if (!isUuid(id)) return null
  const entries = change.entries ? JSON.stringify(change.entries) : null
  const { rows } = await sql<Row>`
    update public.glossaries set
      name = coalesce(${change.name ?? null}, name),
      language_code = coalesce(${change.language_code ?? null}, language_code),
      entries = coalesce(${entries}::jsonb, entries),
      entry_count = coalesce(${change.entries?.length ?? null}::int, entry_count),
      updated_at = now()
    where id = ${id} and user_id = ${companyId}
    returning ${SUMMARY}
  `.execute(db)
  return rows[0] ? toGlossary(rows[0]) : null
}

/** The deleted glossary's name (for the activity log), or null when the company has no such one. */
export async function deleteGlossary(
  db: Db,
  companyId: string,
  id: string,
): Promise<string | null> {
  if (!isUuid(id)) return null
  const { rows } = await sql<{ name: string }>`
    delete from public.glossaries where id = ${id} and user_id = ${companyId} returning name
  `.execute(db)
  return rows[0]?.name ?? null
}
