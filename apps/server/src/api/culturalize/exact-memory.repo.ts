import { askedSource, type RequestLanguages, resolveLanguage } from "@nativ/contracts"
import { type RawBuilder, sql } from "kysely"

import type { fuzzySearch } from "../translation-memory/tm.repo"
import type { LanguageLookup } from "./request-languages"

/** A translation-memory entry whose source is exactly the request's text: a search match, less its score. */
export type ExactMemoryEntry = Omit<
  Awaited<ReturnType<typeof fuzzySearch>>[number],
  "score" | "match_type"
>

/**
 * The company's enabled memory entry for exactly `text` in the request's language pair, as one
 * JSON value (null if none): a scalar subquery for the context read. `text` may be a column of
 * the enclosing query (a batch's texts). A target without a region
 * also finds its regional entries (fr finds fr-FR and fr-CA); a regional one finds its own, then
 * its bare language's (fr-FR prefers fr-FR, then fr); then the highest priority and the latest. Uses tm_entries_exact_idx (user, source, target, md5(source_text)).
 */
export function exactMemoryJson(
  companyId: string,
  request: RequestLanguages & { text: string | RawBuilder<string> },
  lookup: LanguageLookup,
) {
  const source = askedSource(request)
  const sourceCode = !source.name && !source.code ? "en" : resolvedCode(resolveLanguage(source))
  const targets = lookup.codes.map((code) => code.toLowerCase())
  if (!sourceCode || !targets[0]) return sql`null::jsonb`
  // Only a bare language looks into its regions: "fr" finds fr-CA, "fr-FR" does not.
  const bare = targets[0]
  const regions = bare.includes("-")
    ? sql`false`
    : sql`(target_language_code > ${`${bare}-`} and target_language_code < ${`${bare}.`})`
  return sql`(select row_to_json(m) from (
    select id::text as tm_id, source_text, target_text, target_language_code, information_source,
      source_name
    from public.tm_entries
    where user_id = ${companyId} and enabled and source_language_code = ${sourceCode}
      and md5(source_text) = md5(${request.text}) and source_text = ${request.text}
      and (target_language_code = any(${targets}::text[]) or ${regions})
    order by array_position(${targets}::text[], target_language_code), priority desc,
      updated_at desc
    limit 1) m)`
}

function resolvedCode(resolution: ReturnType<typeof resolveLanguage>) {
  return resolution.ok ? resolution.language.code.toLowerCase() : null
}
