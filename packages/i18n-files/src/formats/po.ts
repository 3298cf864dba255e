/**
 * gettext PO and POT, read and written with gettext-parser. A unit's key is the entry's msgctxt
 * and msgid joined by U+0004 (as gettext keys its catalogues); the msgid is the source text.
 * Entries with msgid_plural are plural units whose translation is written as msgstr[0..n-1] in the
 * order of the target language's `Plural-Forms`. Comments, references, flags and obsolete (#~)
 * entries are kept, entries keep the file's order; `fuzzy` (and the `#|` previous msgid that goes
 * with it) is dropped from the entries we translate.
 */
import { po as gettextPo } from "gettext-parser"
import type { GetTextTranslation, GetTextTranslations } from "gettext-parser"

import {
  DEFAULT_LIMITS,
  FileFormatError,
  type FormatHandler,
  type ParsedFile,
  type PluralForms,
  type TextUnit,
  type Translation,
} from "../types"
import { type GettextPluralForms, pluralFormsFor, pluralFormsHeader } from "./po-plural-forms"

interface PoDocument {
  table: GetTextTranslations
  /** Position of each entry in the file, by entry key (see `entryKey`). */
  order: Map<string, number>
  /**
   * The header's `Language`: the language of the msgstr (the msgid are the source), so it is not
   * the file's source language; existing msgstr are kept only when writing that same language.
   */
  language: string | undefined
  /** The file's line ending, written back as it was. */
  eol: "\n" | "\r\n"
}

const CONTEXT_SEPARATOR = "\u0004"

export const poHandler: FormatHandler = {
  format: "po",
  extensions: [".po", ".pot"],
  sniff: (content) => /^\s*(#.*\n\s*)*msgid\s+"/.test(content.slice(0, 4096)),
  parse: parsePo,
  render: renderPo,
}

function parsePo(content: string, options: Parameters<FormatHandler["parse"]>[1] = {}): ParsedFile {
  const limits = { ...DEFAULT_LIMITS, ...options.limits }
  if (content.length > limits.maxChars) {
    throw new FileFormatError("too_large", `The file has over ${limits.maxChars} characters.`)
  }
  const table = readTable(content)
  const language = table.headers?.Language?.trim() || undefined
  const fileForms = language ? pluralFormsFor(language) : undefined
  const order = entryOrder(content)
  const entries = [...entriesOf(table.translations)]
  entries.sort((a, b) => positionOf(order, a) - positionOf(order, b))
  const units: TextUnit[] = []
  for (const entry of entries) {
    if (units.length >= limits.maxStrings) {
      throw new FileFormatError(
        "too_many_strings",
        `The file has over ${limits.maxStrings} strings.`,
      )
    }
    units.push(unitOf(entry, fileForms))
  }
  const eol = content.includes("\r\n") ? "\r\n" : "\n"
  const document: PoDocument = { table, order, language, eol }
  return { format: "po", units, document }
}

function readTable(content: string): GetTextTranslations {
  try {
    return gettextPo.parse(content, { validation: true })
  } catch (error) {
    if (error instanceof Error && isFalseAlarm(error.message)) return gettextPo.parse(content)
    throw malformed(content, error)
  }
}

/**
 * A POT has no Plural-Forms yet and a PO may be for another language: plural counts are rewritten
 * on render. And gettext-parser's duplicate check (`msgid in entries`) mistakes a msgid such as
 * "constructor" or "valueOf" for a duplicate.
 */
function isFalseAlarm(message: string): boolean {
  if (/range error/i.test(message)) return true
  const duplicate = /^Duplicate msgid error: entry "([\s\S]*)" in "[\s\S]*" context/.exec(message)
  return !!duplicate && duplicate[1]! in Object.prototype
}

function positionOf(order: Map<string, number>, entry: GetTextTranslation): number {
  return order.get(entryKey(entry)) ?? Number.MAX_SAFE_INTEGER
}

function malformed(content: string, error: unknown): FileFormatError {
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /^Error parsing PO data: /,
    "The PO file does not parse: ",
  )
  const reported = (error as { lineNumber?: unknown }).lineNumber
  if (typeof reported !== "number") return new FileFormatError("malformed", message)
  // gettext-parser counts the line break that ends an unclosed string as the next line
  const line = /End-of-line within string/.test(message) ? Math.max(1, reported - 1) : reported
  const text = content.split("\n")[line - 1] ?? ""
  const key = /Invalid key name "([^"]*)"/.exec(message)?.[1]
  const at = key !== undefined ? text.indexOf(key) : text.indexOf('"')
  return new FileFormatError("malformed", message.replace(/ at line \d+/, ` at line ${line}`), {
    line,
    ...(at >= 0 && { column: at + 1 }),
  })
}

function* entriesOf(section: GetTextTranslations["translations"] | undefined) {
  for (const [context, entries] of Object.entries(section ?? {})) {
    for (const [msgid, entry] of Object.entries(entries)) {
      if (context === "" && msgid === "") continue
      yield entry
    }
  }
}

function entryKey(entry: GetTextTranslation): string {
  return entry.msgctxt ? `${entry.msgctxt}${CONTEXT_SEPARATOR}${entry.msgid}` : entry.msgid
}

function unitOf(entry: GetTextTranslation, fileForms: GettextPluralForms | undefined): TextUnit {
  const comments = entry.comments
  const note = [comments?.translator, comments?.extracted].filter(Boolean).join("\n")
  const fuzzy = flagsOf(entry).includes("fuzzy")
  const unit: TextUnit = { key: entryKey(entry), source: entry.msgid_plural ?? entry.msgid }
  if (entry.msgid_plural !== undefined) {
    unit.plural = { one: entry.msgid, other: entry.msgid_plural }
    const target = fileForms && !fuzzy ? pluralTarget(entry.msgstr, fileForms) : undefined
    if (target) unit.target = target
  } else if (entry.msgstr[0] && !fuzzy) {
    unit.target = entry.msgstr[0]
  }
  if (note) unit.note = note
  if (entry.msgctxt) unit.context = entry.msgctxt
  return unit
}

function pluralTarget(msgstr: string[], forms: GettextPluralForms): PluralForms | undefined {
  if (msgstr.length !== forms.nplurals || msgstr.some((s) => !s)) return undefined
  const target: Partial<PluralForms> = {}
  forms.categories.forEach((category, i) => (target[category] = msgstr[i]))
  target.other ??= msgstr[msgstr.length - 1]
  return target as PluralForms
}

function flagsOf(entry: GetTextTranslation): string[] {
  return (entry.comments?.flag ?? "")
    .split(",")
    .map((flag) => flag.trim())
    .filter(Boolean)
}

/**
 * gettext-parser groups entries by context (and puts numeric msgids first); the file's own order
 * is read back by parsing each blank-line-separated block on its own (PO strings never span a raw
 * line break).
 */
function entryOrder(content: string): Map<string, number> {
  const order = new Map<string, number>()
  const blocks = content.split(/\r?\n[ \t]*\r?\n/)
  for (const block of blocks) {
    let parsed: GetTextTranslations
    try {
      parsed = gettextPo.parse(block)
    } catch {
      continue
    }
    for (const entry of [...entriesOf(parsed.translations), ...entriesOf(parsed.obsolete)]) {
      const key = entryKey(entry)
      if (!order.has(key)) order.set(key, order.size)
    }
  }
  return order
}

function renderPo(
  file: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  options: Parameters<FormatHandler["render"]>[2],
): string {
  const { table, order, language, eol } = file.document as PoDocument
  const out = structuredClone(table)
  const forms = pluralFormsFor(options.targetLanguage)
  const sameLanguage =
    !!language &&
    language.replace(/_/g, "-").toLowerCase() ===
      options.targetLanguage.replace(/_/g, "-").toLowerCase()

  out.charset = "utf-8"
  out.headers = {
    ...out.headers,
    Language: options.targetLanguage,
    "Content-Type": "text/plain; charset=UTF-8",
    "Plural-Forms": pluralFormsHeader(forms),
  }
  const header = out.translations[""]?.[""]
  if (header) dropFuzzy(header)

  for (const entry of entriesOf(out.translations)) {
    const translation = translations.get(entryKey(entry))
    if (entry.msgid_plural !== undefined) {
      const written = translation && pluralMsgstr(translation, forms)
      if (written) {
        entry.msgstr = written
        dropFuzzy(entry)
      } else {
        entry.msgstr = resized(sameLanguage ? entry.msgstr : [], forms.nplurals)
      }
    } else if (translation?.text !== undefined) {
      entry.msgstr = [translation.text]
      dropFuzzy(entry)
    } else if (!sameLanguage) {
      entry.msgstr = [""]
    }
  }

  return gettextPo
    .compile(out, { eol, sort: (a, b) => positionOf(order, a) - positionOf(order, b) })
    .toString("utf8")
}

function pluralMsgstr(translation: Translation, forms: GettextPluralForms): string[] | undefined {
  const plural = translation.plural
  if (!plural) {
    return translation.text === undefined ? undefined : Array(forms.nplurals).fill(translation.text)
  }
  return forms.categories.map((category) => plural[category] ?? plural.other)
}

function resized(msgstr: string[], nplurals: number): string[] {
  return Array.from({ length: nplurals }, (_, i) => msgstr[i] ?? "")
}

function dropFuzzy(entry: GetTextTranslation): void {
  const comments = entry.comments
  if (!comments?.flag) return
  const flags = flagsOf(entry)
  if (!flags.includes("fuzzy")) return
  const kept = flags.filter((flag) => flag !== "fuzzy")
  if (kept.length) comments.flag = kept.join(", ")
  else delete comments.flag
  delete comments.previous
}
