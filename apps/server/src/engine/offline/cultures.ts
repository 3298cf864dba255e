/**
 * What the offline engine knows about each target culture. Number, currency, date and unit
 * formats come from Intl (CLDR data) for the resolved locale; this table adds what Intl does not
 * know: quotation marks, which units to convert, the clock, and French punctuation spacing.
 */
export type Culture = {
  /** The locale handed to Intl, e.g. "de-DE", or "de-AT" when the code names that region. */
  locale: string
  /** The language's name in English, for the note. */
  name: string
  /** US conventions are the source's: nothing to adapt. */
  sourceConventions: boolean
  /** Convert US customary units: all of them, or (UK) all but miles, feet and inches. */
  metric: "all" | "uk" | "none"
  quotes: [open: string, close: string]
  /** Write times as 15:30 rather than 3:30 PM. */
  clock24: boolean
  /** No-break spaces before ; : ! ? (French typography). */
  frenchSpacing: boolean
}

const NBSP = "\u00A0"

type Row = Omit<Culture, "locale" | "name" | "sourceConventions"> & { sourceConventions?: boolean }

const metric = (quotes: [string, string], clock24 = true): Row => ({
  metric: "all",
  quotes,
  clock24,
  frenchSpacing: false,
})

/** Keyed by lower-case BCP 47 tag; a language's bare code is its default region. */
const CULTURES: Record<string, { locale: string } & Row> = {
  de: { locale: "de-DE", ...metric(["„", "“"]) },
  "de-ch": { locale: "de-CH", ...metric(["«", "»"]) },
  fr: {
    locale: "fr-FR",
    metric: "all",
    quotes: [`«${NBSP}`, `${NBSP}»`],
    clock24: true,
    frenchSpacing: true,
  },
  "fr-ch": { locale: "fr-CH", ...metric(["«", "»"]) },
  "fr-ca": { locale: "fr-CA", ...metric([`«${NBSP}`, `${NBSP}»`]) },
  es: { locale: "es-ES", ...metric(["«", "»"]) },
  "es-mx": { locale: "es-MX", ...metric(["“", "”"]) },
  "es-419": { locale: "es-419", ...metric(["“", "”"]) },
  it: { locale: "it-IT", ...metric(["«", "»"]) },
  pt: { locale: "pt-BR", ...metric(["“", "”"]) },
  "pt-pt": { locale: "pt-PT", ...metric(["«", "»"]) },
  nl: { locale: "nl-NL", ...metric(["“", "”"]) },
  pl: { locale: "pl-PL", ...metric(["„", "”"]) },
  sv: { locale: "sv-SE", ...metric(["”", "”"]) },
  da: { locale: "da-DK", ...metric(["»", "«"]) },
  nb: { locale: "nb-NO", ...metric(["«", "»"]) },
  fi: { locale: "fi-FI", ...metric(["”", "”"]) },
  cs: { locale: "cs-CZ", ...metric(["„", "“"]) },
  sk: { locale: "sk-SK", ...metric(["„", "“"]) },
  hu: { locale: "hu-HU", ...metric(["„", "”"]) },
  ro: { locale: "ro-RO", ...metric(["„", "”"]) },
  el: { locale: "el-GR", ...metric(["«", "»"]) },
  ru: { locale: "ru-RU", ...metric(["«", "»"]) },
  uk: { locale: "uk-UA", ...metric(["«", "»"]) },
  tr: { locale: "tr-TR", ...metric(["“", "”"]) },
  ja: { locale: "ja-JP", ...metric(["「", "」"]) },
  zh: { locale: "zh-CN", ...metric(["“", "”"]) },
  "zh-tw": { locale: "zh-TW", ...metric(["「", "」"], false) },
  "zh-hk": { locale: "zh-HK", ...metric(["「", "」"], false) },
  ko: { locale: "ko-KR", ...metric(["“", "”"], false) },
  id: { locale: "id-ID", ...metric(["“", "”"]) },
  vi: { locale: "vi-VN", ...metric(["“", "”"]) },
  en: {
    locale: "en-US",
    metric: "none",
    quotes: ["“", "”"],
    clock24: false,
    frenchSpacing: false,
    sourceConventions: true,
  },
  "en-gb": {
    locale: "en-GB",
    metric: "uk",
    quotes: ["‘", "’"],
    clock24: false,
    frenchSpacing: false,
  },
  "en-ie": {
    locale: "en-IE",
    metric: "uk",
    quotes: ["‘", "’"],
    clock24: false,
    frenchSpacing: false,
  },
  "en-au": { locale: "en-AU", ...metric(["‘", "’"], false) },
  "en-nz": { locale: "en-NZ", ...metric(["‘", "’"], false) },
  "en-za": { locale: "en-ZA", ...metric(["‘", "’"], false) },
  "en-ca": { locale: "en-CA", ...metric(["“", "”"], false) },
  "en-in": { locale: "en-IN", ...metric(["“", "”"], false) },
}

/** Codes people use for a culture that are not its BCP 47 tag. */
const CODE_ALIASES: Record<string, string> = {
  no: "nb",
  nn: "nb",
  "zh-hans": "zh",
  "zh-cn": "zh",
  "zh-sg": "zh",
  "zh-hant": "zh-tw",
  "zh-mo": "zh-hk",
  "en-uk": "en-gb",
  "pt-br": "pt",
  "es-us": "es-419",
  jp: "ja",
  kr: "ko",
  cn: "zh",
  gr: "el",
  ua: "uk",
  se: "sv",
  dk: "da",
  cz: "cs",
}

/** Language names people type, beyond the English and native names Intl provides. */
const NAME_ALIASES: Record<string, string> = {
  "simplified chinese": "zh",
  "chinese simplified": "zh",
  mandarin: "zh",
  "traditional chinese": "zh-tw",
  "chinese traditional": "zh-tw",
  "english uk": "en-gb",
  "english us": "en",
  "uk english": "en-gb",
  "us english": "en",
  "latin american spanish": "es-419",
  "spanish latin america": "es-419",
  "mexican spanish": "es-mx",
  "european portuguese": "pt-pt",
  "portuguese portugal": "pt-pt",
  "brazilian portuguese": "pt",
  "portuguese brazil": "pt",
  norwegian: "nb",
}

/**
 * Finds the culture for a language code ("DE", "pt-br", "en_GB", "zh-Hant-TW"), falling back to the
 * language name ("German", "Deutsch", "Brazilian Portuguese") when the code is unknown.
 */
export function resolveCulture(languageCode: string, language: string): Culture | null {
  return fromCode(languageCode) ?? fromName(language)
}

function fromCode(code: string): Culture | null {
  const tag = canonical(code)
  if (!tag) return null
  const [lang, ...rest] = tag.toLowerCase().split("-")
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/.test(part))
  const script = rest.find((part) => /^[a-z]{4}$/.test(part))
  const candidates = [
    tag.toLowerCase(),
    region && `${lang}-${region}`,
    script && `${lang}-${script}`,
    lang,
  ].filter((c): c is string => Boolean(c))
  for (const candidate of candidates) {
    const key = CODE_ALIASES[candidate] ?? candidate
    const row = CULTURES[key]
    if (!row) continue
    // a region the table does not list still gets its own number and date formats from Intl
    const locale =
      region && key === lang && Intl.NumberFormat.supportedLocalesOf(tag).length ? tag : row.locale
    return build(key, row, locale)
  }
  return null
}

function canonical(code: string): string | null {
  try {
    return Intl.getCanonicalLocales(code.trim().replace(/_/g, "-"))[0] ?? null
  } catch {
    return null
  }
}

const englishLanguageNames = new Intl.DisplayNames(["en"], { type: "language" })

function build(key: string, row: { locale: string } & Row, locale: string): Culture {
  const language = key.split("-")[0]!
  const name = englishLanguageNames.of(language) ?? language
  return { sourceConventions: false, ...row, locale, name }
}

let nameIndex: Map<string, string> | undefined

function fromName(language: string): Culture | null {
  nameIndex ??= buildNameIndex()
  const key = nameIndex.get(normalizeName(language))
  const row = key ? CULTURES[key] : undefined
  return key && row ? build(key, row, row.locale) : null
}

function buildNameIndex() {
  const index = new Map<string, string>()
  const add = (name: string | undefined, key: string) => {
    const normalized = name && normalizeName(name)
    if (normalized && !index.has(normalized)) index.set(normalized, key)
  }
  for (const [alias, key] of Object.entries(NAME_ALIASES)) add(alias, key)
  // bare languages first, so "Chinese" means the default region's culture
  const keys = Object.keys(CULTURES).sort((a, b) => a.length - b.length)
  for (const key of keys) {
    const { locale } = CULTURES[key]!
    const tag = key.includes("-") ? locale : key
    for (const displayLocale of ["en", locale])
      for (const languageDisplay of ["dialect", "standard"] as const)
        add(
          new Intl.DisplayNames([displayLocale], { type: "language", languageDisplay }).of(tag),
          key,
        )
  }
  return index
}

function normalizeName(name: string) {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
}
