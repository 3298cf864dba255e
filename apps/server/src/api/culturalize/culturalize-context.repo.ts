import type { CombinedStyle, GlossaryPair, RequestLanguages } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { type KeyAllowance, keyAllowanceJson } from "../api-keys/key-usage.repo"
import type { Principal } from "../authenticate"
import { glossaryEntriesJson } from "../glossaries/glossaries.repo"
import { type LanguageSettings, languageSettingsJson } from "../languages/languages.repo"
import { combineStyle, styleRowsJson } from "../style/style.repo"
import { type ExactMemoryEntry, exactMemoryJson } from "./exact-memory.repo"
import { type LanguageLookup, languageLookup } from "./request-languages"

/** Everything a culturalize request reads before the engine runs. */
export type CulturalizeContext = {
  balance: number
  /** The calling key's cap and month so far; null for a signed-in session (no key, no cap). */
  allowance: KeyAllowance | null
  /** The company's entry for the request's target language, with its settings; null if none. */
  language: LanguageSettings | null
  style: CombinedStyle
  /** The stored glossary's entries; null when none was asked for or the company has no such one. */
  glossary: GlossaryPair[] | null
  /** The memory entry for exactly the text, unless the request turned memory off. */
  exactMemory: ExactMemoryEntry | null
  /** A batch's: the memory entry for exactly each of `texts`, in order (null where none). */
  exactMemories: (ExactMemoryEntry | null)[]
}

/** What of a request names the settings to read. */
export type SettingsRequest = RequestLanguages & {
  glossary_id?: string | null | undefined
  /** A single request's text, to look an exact memory entry up for; a batch has none. */
  text?: string
  /** A batch's distinct texts, to look an exact memory entry up for each. */
  texts?: string[]
  use_memory?: boolean | undefined
}

/**
 * The balance, the key's allowance, the language's settings, the company's style, the stored
 * glossary and an exact memory entry for the text in one statement: one round trip before the engine runs instead of one per read (on
 * PGlite, whose one connection runs queries one after another, parallel reads queue anyway).
 */
export async function readCulturalizeContext(
  db: Db,
  principal: Pick<Principal, "companyId" | "apiKeyId">,
  request: SettingsRequest,
): Promise<CulturalizeContext> {
  const companyId = principal.companyId
  const lookup = languageLookup(request)
  const { rows } = await sql<{
    balance: number | null
    allowance: { cap: number | null; used: number } | null
    language: LanguageSettings | null
    style: Parameters<typeof combineStyle>[0]
    glossary: GlossaryPair[] | null
    exact_memory: ExactMemoryEntry | null
    exact_memories: (ExactMemoryEntry | null)[] | null
  }>`
    select
      (select credits from public.users where id = ${companyId}) as balance,
      ${keyAllowanceJson(principal.apiKeyId)} as allowance,
      ${languageSettingsJson(companyId, lookup)} as language,
      ${styleRowsJson(companyId)} as style,
      ${request.glossary_id ? glossaryEntriesJson(companyId, request.glossary_id) : sql`null::jsonb`} as glossary,
      ${request.text !== undefined && request.use_memory !== false ? exactMemoryJson(companyId, { ...request, text: request.text }, lookup) : sql`null::jsonb`} as exact_memory,
      ${exactMemoriesJson(companyId, request, lookup)} as exact_memories
  `.execute(db)
  const row = rows[0]!
  return {
    balance: Number(row.balance ?? 0),
    allowance: principal.apiKeyId
      ? { cap: row.allowance?.cap ?? null, used: Number(row.allowance?.used ?? 0) }
      : null,
    language: row.language,
    style: combineStyle(row.style),
    glossary: row.glossary,
    exactMemory: row.exact_memory,
    exactMemories: row.exact_memories ?? [],
  }
}

/**
 * One JSON array of a batch's exact memory entries, in the order of its texts (null where none):
 * the single request's lookup run for each text of an unnested array, planned once.
 */
function exactMemoriesJson(companyId: string, request: SettingsRequest, lookup: LanguageLookup) {
  const texts = request.use_memory === false ? [] : (request.texts ?? [])
  if (!texts.length) return sql`null::jsonb`
  const entry = exactMemoryJson(companyId, { ...request, text: sql<string>`t.text` }, lookup)
  return sql`to_jsonb(array(select (${entry})::jsonb
    from unnest(${texts}::text[]) with ordinality as t(text, n) order by t.n))`
}
