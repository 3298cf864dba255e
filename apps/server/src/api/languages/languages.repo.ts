import type { Formality, Language } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { isUuid } from "../../db/uuid"

/** A company's languages, in the order they were added (by name within one batch). */
export async function listLanguages(db: Db, companyId: string): Promise<Language[]> {
  const { rows } = await sql<Language>`
    select id::text as id, language, language_code, formality, custom_style
    from public.user_languages_mapping
    where user_id = ${companyId}
    order by created_at, language, id
  `.execute(db)
  return rows
}

/** The company's entry a culturalize request matched: its name and code, and its settings. */
export type LanguageSettings = Pick<
  Language,
  "language" | "language_code" | "formality" | "custom_style"
>

/**
 * The company's entry for a requested language, with its settings, as one JSON value (null if
 * none): the first of `codes` (upper-case, most specific first) an entry carries, else the entry
 * named `name` (case-insensitive). A scalar subquery to embed in a larger statement
 * (culturalize-context.repo.ts).
 */
export function languageSettingsJson(
  companyId: string,
  by: { codes: string[]; name: string | null },
) {
  return sql`(select row_to_json(l) from (
    select language, language_code, formality, custom_style from public.user_languages_mapping
    where user_id = ${companyId}
      and (upper(language_code) = any(${by.codes}::text[]) or lower(language) = lower(${by.name}))
    order by array_position(${by.codes}::text[], upper(language_code)), created_at
    limit 1) l)`
}

/** Sets one language's formality or custom style; answers its name and code, null when the company has no such language. */
export async function updateLanguageSetting(
  db: Db,
  companyId: string,
  id: string,
  change: { formality: Formality | string | null } | { custom_style: string | null },
): Promise<Pick<Language, "language" | "language_code"> | null> {
  if (!isUuid(id)) return null
  const { rows } =
    "formality" in change
      ? await sql<Pick<Language, "language" | "language_code">>`
          update public.user_languages_mapping set formality = ${change.formality}
          where id = ${id} and user_id = ${companyId} returning language, language_code`.execute(db)
      : await sql<Pick<Language, "language" | "language_code">>`
          update public.user_languages_mapping set custom_style = ${change.custom_style}
          where id = ${id} and user_id = ${companyId} returning language, language_code`.execute(db)
  return rows[0] ?? null
}
