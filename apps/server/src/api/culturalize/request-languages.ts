import {
  type AskedLanguage,
  askedSource,
  askedTarget,
  type LanguageResolution,
  languageByCode,
  type RequestLanguages,
  type ResolvedLanguage,
  resolveLanguage,
} from "@nativ/contracts"

import { ApiError } from "../api-error"

/** A request's target and source, each one canonical language (BCP 47 code, English name). */
export type ResolvedLanguages = { target: ResolvedLanguage; source: ResolvedLanguage }

/** The company's language entry a request's target matched, as the context read returns it. */
export type CompanyLanguage = { language: string; language_code: string }

/** How to find the company's entry for a request's target: by any of these codes, else by name. */
export type LanguageLookup = { codes: string[]; name: string | null }

const ENGLISH: ResolvedLanguage = { code: "en", name: "English" }

/**
 * The codes a company's entry may carry for the requested target, most specific first: the
 * canonical tag, the code as sent, and the tag's bare language (an entry for DE applies to de-AT).
 * Entries are stored upper-case. A name is looked up only when no code was sent, so a code
 * always decides.
 */
export function languageLookup(request: RequestLanguages): LanguageLookup {
  const asked = askedTarget(request)
  const resolution = resolveLanguage(asked)
  const codes: string[] = []
  if (resolution.ok) {
    codes.push(resolution.language.code, bareLanguage(resolution.language.code))
  }
  if (asked.code) codes.push(asked.code.replace(/_/g, "-"))
  return {
    codes: [...new Set(codes.map((code) => code.toUpperCase()))],
    name: asked.code ? null : asked.name,
  }
}

const bareLanguages = new Map<string, string>()

/**
 * A known tag's language as Intl.Locale says it (tw → ak: not always its first subtag), kept per
 * tag: building a locale on every request cost ~5 µs of the ~10 µs a lookup took. Only tags CLDR
 * knows reach here, so the map stays small.
 */
function bareLanguage(tag: string) {
  let language = bareLanguages.get(tag)
  if (language === undefined) {
    language = new Intl.Locale(tag).language
    if (bareLanguages.size < 5000) bareLanguages.set(tag, language)
  }
  return language
}

/**
 * The request's languages. The target is what CLDR knows by the code or name sent; one it does
 * not know may still be a language of the company's own (say "Klingon", TLH), recorded as the
 * company named it. Anything else is refused naming its field, with the closest language as a
 * suggestion. The source defaults to English.
 */
export function resolveRequestLanguages(
  request: RequestLanguages,
  companyLanguage: CompanyLanguage | null,
): ResolvedLanguages {
  const target = resolveLanguage(askedTarget(request))
  return {
    target: target.ok
      ? target.language
      : companyLanguage
        ? (languageByCode(companyLanguage.language_code) ?? {
            code: companyLanguage.language_code,
            name: companyLanguage.language,
          })
        : refuse(target),
    source: resolveSource(askedSource(request)),
  }
}

function resolveSource(asked: AskedLanguage): ResolvedLanguage {
  if (!asked.name && !asked.code) return ENGLISH
  const source = resolveLanguage(asked)
  return source.ok ? source.language : refuse(source)
}

function refuse(resolution: Extract<LanguageResolution, { ok: false }>): never {
  throw new ApiError(400, "invalid_request", resolution.message)
}
