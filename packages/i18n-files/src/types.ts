/**
 * The shapes every i18n file format shares. A format handler reads a file into text units (what
 * a translator sees) plus an opaque document (what it needs to write the file again), and writes
 * the document back with translations put in — nothing else in the file changes.
 */

export const FILE_FORMATS = [
  "json", // flat or nested JSON; values may be ICU messages
  "i18next", // i18next v4 JSON: plural keys with _one/_other/… suffixes
  "arb", // Flutter ARB: ICU messages, @key metadata, @@locale
  "xcstrings", // Xcode String Catalog
  "yaml", // YAML (Rails: the root locale key is renamed to the target)
  "po", // gettext PO and POT
  "xliff", // XLIFF 1.2 and 2.0
  "android", // Android strings.xml
  "strings", // iOS .strings
  "stringsdict", // iOS .stringsdict (plist)
  "csv", // key,source[,target]
] as const

export type FileFormat = (typeof FILE_FORMATS)[number]

/** CLDR plural categories, in CLDR's order. */
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number]

/** Text per plural category; `other` is always present. */
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string }

/** One translatable string of a file. */
export interface TextUnit {
  /**
   * Unique within the file and stable between runs: the key path (`home.title`), the PO entry's
   * msgctxt + msgid, the XLIFF unit id, the Android resource name…
   */
  key: string
  /**
   * The source text. With `icu`, an ICU MessageFormat message (plural and select branches are
   * translated one by one, keywords and selectors never); otherwise plain text.
   */
  source: string
  /** `source` is an ICU MessageFormat message with arguments (a plain text has none). */
  icu?: boolean
  /**
   * The source's plural forms, for formats that keep plurals outside the text (PO msgid_plural,
   * Android <plurals>, .stringsdict, i18next suffixes, String Catalog variations). `source` then
   * holds the `other` form.
   */
  plural?: PluralForms
  /** Whether `plural` holds cardinal forms (the default: "1 file") or ordinal ones ("1st"). */
  pluralType?: "cardinal" | "ordinal"
  /**
   * The format looks the `zero` form up for a count of 0 in every language (i18next `_zero`, Ruby
   * I18n's `zero:`), so a target keeps it beside its own categories.
   */
  keepsZero?: boolean
  /** A translation already in the file (PO msgstr, XLIFF target, CSV target column), if any. */
  target?: string | PluralForms
  /** What the file says to translators (PO comments, ARB description, XLIFF note…). */
  note?: string
  /** A disambiguating context (PO msgctxt, XLIFF resname…). */
  context?: string
  /** A length limit the file sets (XLIFF maxwidth/size-restriction…). */
  maxLength?: number
}

/** A file read by a format handler. */
export interface ParsedFile {
  format: FileFormat
  units: TextUnit[]
  /**
   * The source language the file declares (XLIFF srcLang, xcstrings sourceLanguage, ARB @@locale,
   * Rails root key), as written. Not PO's `Language` header: that names the msgstr's language (the
   * translations'), so a PO file does not report one.
   */
  sourceLanguage?: string
  /** The handler's own representation, used by `render`; opaque to everyone else. */
  document: unknown
}

/** The translation of one unit: `text` for plain and ICU units, `plural` for plural units. */
export interface Translation {
  text?: string
  /** Forms for every plural category of the target language. */
  plural?: PluralForms
}

export interface ParseOptions {
  filename?: string
  limits?: Partial<FileLimits>
  /**
   * For formats that keep every language in one file (String Catalogs): units carry this
   * language's existing translation as `target`.
   */
  targetLanguage?: string
}

export interface RenderOptions {
  /** BCP 47 code of the target language, as the file should name it (e.g. `fr`, `pt-BR`). */
  targetLanguage: string
  /** BCP 47 code of the source language, when known. */
  sourceLanguage?: string
}

/**
 * Reads and writes one format. `render` writes the whole file for `targetLanguage`: keys, their
 * order, comments and non-translatable values unchanged; a unit without a translation is written
 * as the format writes an untranslated string (PO: empty msgstr; XLIFF: no target; key/value
 * formats: the source text).
 */
export interface FormatHandler {
  format: FileFormat
  /** File name endings this handler claims, lower case, with the dot (`.po`, `.pot`). */
  extensions: readonly string[]
  /** Whether `content` looks like this format (used when the extension is ambiguous, e.g. `.json`, `.xml`). */
  sniff?(content: string): boolean
  parse(content: string, options?: ParseOptions): ParsedFile
  render(
    file: ParsedFile,
    translations: ReadonlyMap<string, Translation>,
    options: RenderOptions,
  ): string
}

/** Bounds that keep a hostile file from stalling or exhausting the server. */
export interface FileLimits {
  /** Most translatable strings in one file. */
  maxStrings: number
  /** Deepest nesting of objects, arrays or elements. */
  maxDepth: number
  /** Most characters in one file after decoding. */
  maxChars: number
  /** Most YAML alias expansions. */
  maxAliases: number
}

export const DEFAULT_LIMITS: FileLimits = {
  maxStrings: 100_000,
  maxDepth: 64,
  maxChars: 20 * 1024 * 1024,
  maxAliases: 100,
}

export type FileErrorCode =
  | "malformed" // the content does not parse as the format
  | "unknown_format" // neither the name nor the content says which format
  | "unsupported_encoding" // not UTF-8 / UTF-16 with BOM
  | "too_large" // over maxChars
  | "too_deep" // over maxDepth
  | "too_many_strings" // over maxStrings
  | "too_many_aliases" // YAML alias expansion over maxAliases

/** Why a file cannot be read, with where when the parser says (1-based line and column). */
export class FileFormatError extends Error {
  readonly code: FileErrorCode
  readonly line: number | undefined
  readonly column: number | undefined

  constructor(code: FileErrorCode, message: string, position?: { line?: number; column?: number }) {
    super(message)
    this.name = "FileFormatError"
    this.code = code
    this.line = position?.line
    this.column = position?.column
  }
}
