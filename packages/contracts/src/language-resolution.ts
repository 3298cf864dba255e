import cldr from "cldr-localenames-modern/main/en/languages.json" with { type: "json" }
import { distance } from "fastest-levenshtein"

/** One language as the product records it: a canonical BCP 47 tag and its English name. */
export type ResolvedLanguage = { code: string; name: string }

/** Which request field a language came from, so a refusal can name it. */
export type LanguageField =
  | "language"
  | "language_code"
  | "target_lang"
  | "source_language"
  | "source_language_code"
  | "source_lang"

export type LanguageResolution =
  | { ok: true; language: ResolvedLanguage }
  | { ok: false; field: LanguageField; message: string; suggestion: ResolvedLanguage | null }

let displayNames: Record<"language" | "region" | "script", Intl.DisplayNames> | null = null
/** English display names, made on first use so that importing this module costs nothing. */
function names() {
  displayNames ??= {
    language: new Intl.DisplayNames(["en"], {
      type: "language",
      languageDisplay: "standard",
      fallback: "none",
    }),
    region: new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }),
    script: new Intl.DisplayNames(["en"], { type: "script", fallback: "none" }),
  }
  return displayNames
}

/**
 * Names people and other APIs use that CLDR does not list under the language they mean, and
 * country codes commonly sent as language codes (JP for Japanese). Codes are only suggested,
 * never accepted silently, because each one is also a valid code of another kind.
 */
const NAME_ALIASES: Record<string, string> = {
  mandarin: "zh",
  "mandarin chinese": "zh",
  farsi: "fa",
  tagalog: "fil",
  flemish: "nl-BE",
  castilian: "es-ES",
  "castilian spanish": "es-ES",
  "chinese simplified": "zh-Hans",
  "chinese traditional": "zh-Hant",
  "simplified chinese": "zh-Hans",
  "traditional chinese": "zh-Hant",
}
const CODE_SUGGESTIONS: Record<string, string> = {
  jp: "ja",
  cn: "zh",
  kr: "ko",
  gr: "el",
  dk: "da",
  cz: "cs",
  ua: "uk",
  ee: "et",
  al: "sq",
  rs: "sr",
  si: "sl",
  vn: "vi",
}

/** Lower-case, accents folded, punctuation and repeated spaces collapsed: "Bokmål" ~ "bokmal". */
export function normalizeLanguageName(name: string) {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
}

/**
 * A pure function of a string kept by its argument: ICU's canonicalization and display names cost
 * ~10–35 µs a call, and a culturalize request resolves the same few codes several times over. At
 * most `limit` arguments are kept (callers send arbitrary strings); the oldest goes first.
 */
function memoized<T>(work: (key: string) => T, limit = 2000): (key: string) => T {
  const known = new Map<string, T>()
  return (key) => {
    if (known.has(key)) return known.get(key)!
    const value = work(key)
    if (known.size >= limit) known.delete(known.keys().next().value!)
    known.set(key, value)
    return value
  }
}

/** The canonical tag of a well-formed code ("EN_gb" → "en-GB", "iw" → "he"), or null. */
export const canonicalLanguageTag = memoized(canonicalTagOf)

function canonicalTagOf(code: string): string | null {
  const candidate = code.trim().replace(/_/g, "-")
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(candidate)) return null
  try {
    const [tag] = Intl.getCanonicalLocales(candidate)
    return tag ?? null
  } catch {
    return null
  }
}

/** `names.of(code)`, or undefined where ICU refuses the code itself (e.g. "root"). */
function nameOf(names: Intl.DisplayNames, code: string) {
  try {
    return names.of(code)
  } catch {
    return undefined
  }
}

/** English name of a canonical tag whose every part CLDR knows, e.g. "Portuguese (Brazil)". */
export const languageName = memoized(nameOfTag)

function nameOfTag(tag: string): string | null {
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(tag)
  } catch {
    return null
  }
  const { language, region, script } = names()
  if (!nameOf(language, locale.language)) return null
  if (locale.region && !nameOf(region, locale.region)) return null
  if (locale.script && !nameOf(script, locale.script)) return null
  return nameOf(language, tag) ?? null
}

type NameIndex = { byName: Map<string, string>; entries: { key: string; tag: string }[] }
let index: NameIndex | null = null

/**
 * Every name a language is known by in English — CLDR's names and their alternative forms, the
 * standard "Language (Region)" names of its listed variants, and the aliases above — mapped to the
 * canonical tag. Built on first use (~700 entries).
 */
function nameIndex(): NameIndex {
  if (index) return index
  const byName = new Map<string, string>()
  const add = (name: string, tag: string) => {
    const key = normalizeLanguageName(name)
    if (key && !byName.has(key)) byName.set(key, tag)
  }
  const listed = Object.entries(cldr.main.en.localeDisplayNames.languages as Record<string, string>)
  // Base tags first, so "Chinese" means zh rather than a variant that borrows the name.
  listed.sort(([a], [b]) => a.split("-").length - b.split("-").length)
  for (const [key, name] of listed) {
    const tag = canonicalLanguageTag(key.replace(/-alt-.*$/, ""))
    if (!tag || !languageName(tag)) continue
    add(languageName(tag)!, tag)
    add(name, tag)
  }
  for (const [alias, tag] of Object.entries(NAME_ALIASES)) add(alias, tag)
  index = { byName, entries: [...byName].map(([key, tag]) => ({ key, tag })) }
  return index
}

const resolved = (tag: string): ResolvedLanguage => ({ code: tag, name: languageName(tag)! })

/** A language by name: "Japanese", "german", "Chinese (Simplified)", "Portuguese (Brazil)". */
export function languageByName(name: string): ResolvedLanguage | null {
  const key = normalizeLanguageName(name)
  const tag = nameIndex().byName.get(key)
  if (tag) return resolved(tag)
  // "Language (Region)" for any region CLDR names: "German (Switzerland)".
  const qualified = /^(.+?)\s*\((.+)\)$/.exec(name.trim())
  if (!qualified) return null
  const base = languageByName(qualified[1]!)
  const region = regionCode(qualified[2]!)
  if (!base || !region) return null
  const regional = canonicalLanguageTag(`${new Intl.Locale(base.code).language}-${region}`)
  return regional && languageName(regional) ? resolved(regional) : null
}

let regions: Map<string, string> | null = null
function regionCode(name: string): string | null {
  if (!regions) {
    regions = new Map()
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for (const a of letters)
      for (const b of letters) {
        const regionName = nameOf(names().region, a + b)
        if (regionName && regionName !== a + b)
          regions.set(normalizeLanguageName(regionName), a + b)
      }
    regions.set(normalizeLanguageName("Latin America"), "419")
  }
  return regions.get(normalizeLanguageName(name)) ?? null
}

/** A language by code: "ja", "EN-GB", "pt_br", DeepL's "ZH-HANS". */
export function languageByCode(code: string): ResolvedLanguage | null {
  const tag = canonicalLanguageTag(code)
  return tag && languageName(tag) ? resolved(tag) : null
}

/** The languages whose names come closest to `text` (by edit distance), best first. */
export function closestLanguages(text: string, limit = 1): ResolvedLanguage[] {
  const key = normalizeLanguageName(text)
  if (!key) return []
  const codeGuess = CODE_SUGGESTIONS[key]
  const scored = nameIndex()
    .entries.map(({ key: name, tag }) => ({
      tag,
      score: name.startsWith(key) ? 0 : distance(key, name) / Math.max(key.length, name.length),
    }))
    .sort((a, b) => a.score - b.score)
  const tags = [...(codeGuess ? [codeGuess] : []), ...scored.map((s) => s.tag)]
  return [...new Set(tags)].slice(0, limit).map(resolved)
}

/** Languages whose name starts with what was typed (then contains it), for a form's suggestions. */
export function suggestLanguages(typed: string, limit = 8): ResolvedLanguage[] {
  const key = normalizeLanguageName(typed)
  if (!key) return []
  const { entries } = nameIndex()
  const starts = entries.filter((e) => e.key.startsWith(key))
  const contains = entries.filter((e) => !e.key.startsWith(key) && e.key.includes(key))
  const tags = [...starts, ...contains].map((e) => e.tag)
  return [...new Set(tags)].slice(0, limit).map(resolved)
}

const describe = (language: ResolvedLanguage) => `${language.name} (${language.code})`

/**
 * One language from what a request gave: a name, a code, or both (a valid code decides, as it is
 * the more precise of the two). An unknown or ill-formed value is refused naming its field, with
 * the closest language CLDR knows as a suggestion.
 */
export function resolveLanguage(input: {
  name?: string | null
  code?: string | null
  codeField?: LanguageField
  nameField?: LanguageField
}): LanguageResolution {
  const name = input.name?.trim() || null
  const code = input.code?.trim() || null
  const codeField = input.codeField ?? "language_code"
  const nameField = input.nameField ?? "language"
  if (code) {
    const language = languageByCode(code)
    if (language) return { ok: true, language }
    const suggestion = closestLanguages(name ?? code)[0] ?? null
    const wellFormed = canonicalLanguageTag(code) !== null
    return {
      ok: false,
      field: codeField,
      message: `${codeField} "${code}" is ${wellFormed ? "not a language we know" : "not a language code (use a BCP 47 tag such as fr, pt-BR or zh-Hans)"}${suggestion ? `; did you mean ${describe(suggestion)}?` : ""}`,
      suggestion,
    }
  }
  if (name) {
    const language = languageByName(name) ?? languageByCode(name)
    if (language) return { ok: true, language }
    const suggestion = closestLanguages(name)[0] ?? null
    return {
      ok: false,
      field: nameField,
      message: `${nameField} "${name}" is not a language we know${suggestion ? `; did you mean ${describe(suggestion)}?` : ""}`,
      suggestion,
    }
  }
  return {
    ok: false,
    field: nameField,
    message: `Give the ${nameField} as a name (such as Japanese) or ${codeField} as a code (such as ja)`,
    suggestion: null,
  }
}
