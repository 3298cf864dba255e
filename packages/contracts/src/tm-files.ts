import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser"
import Papa from "papaparse"

import type { TmEntry } from "./translation-memory"

/**
 * Translation-memory files: the CSV and TMX 1.4 that POST /master-tm/bulk-upload reads, and the
 * TMX the dashboard exports. Pure string work, shared by the server and the dashboard.
 */

/** One entry read from a file, before it is checked; `row` is where it came from. */
export type TmFileRow = {
  /** CSV: the row as a spreadsheet numbers it (the header is row 1). TMX: the `<tu>`, from 1. */
  row: number
  source_text: string
  target_text: string
  source_language_code?: string
  target_language_code?: string
  source_name?: string
}

export type TmFileRowError = { row: number; message: string }

export type TmFileContents = { rows: TmFileRow[]; errors: TmFileRowError[] }

/** A file that cannot be read at all; the message says where and why. */
export class TmFileError extends Error {
  override name = "TmFileError"
}

/** Header names a column may have: Nativ's field names, then the dashboard export's. */
const CSV_COLUMNS = {
  source_text: ["source_text", "source"],
  target_text: ["target_text", "target"],
  source_language_code: ["source_language_code", "source_language", "source_lang"],
  target_language_code: ["target_language_code", "target_language", "target_lang"],
  source_name: ["source_name", "name"],
} as const
type CsvColumn = keyof typeof CSV_COLUMNS

const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")

/**
 * A CSV (or semicolon- or tab-separated) file whose header row names at least source_text and
 * target_text (or source and target, as the dashboard exports them); other columns are ignored.
 * Blank rows are skipped but counted. A row with more cells than the header is an error of that
 * row; an unclosed quote makes the whole file unreadable.
 */
export function parseTmCsv(text: string): TmFileContents {
  const parsed = Papa.parse<Record<string, string | undefined> & { __parsed_extra?: string[] }>(
    text.replace(/^\uFEFF/, ""),
    {
      header: true,
      skipEmptyLines: false,
      delimitersToGuess: [",", ";", "\t"],
      transformHeader: normaliseHeader,
    },
  )
  // The open quote swallows the rest of the file into the last row's cell.
  if (parsed.errors.some((e) => e.code === "MissingQuotes"))
    throw new TmFileError(
      `Row ${parsed.data.length + 1}: a quoted cell is not closed (write a quote inside a quoted cell as "").`,
    )
  const fields = parsed.meta.fields ?? []
  const columnOf = (column: CsvColumn) => CSV_COLUMNS[column].find((name) => fields.includes(name))
  const missing = (["source_text", "target_text"] as const).filter((c) => !columnOf(c))
  if (missing.length)
    throw new TmFileError(
      `The first row must name the columns source_text and target_text (missing: ${missing.join(", ")}).`,
    )
  // A short row only leaves cells empty, which the entry check words better; a long one (an
  // unquoted comma, most often) cannot be read safely.
  const problems = new Map<number, string>()
  for (const error of parsed.errors)
    if (error.row !== undefined && error.code === "TooManyFields")
      problems.set(
        error.row,
        "the row has more cells than the header (quote a cell that holds the separator)",
      )
    else if (error.row !== undefined && error.code === "InvalidQuotes")
      problems.set(
        error.row,
        'text after a closing quote (write a quote inside a quoted cell as "")',
      )

  const contents: TmFileContents = { rows: [], errors: [] }
  parsed.data.forEach((cells, index) => {
    const row = index + 2
    const value = (column: CsvColumn) => {
      const name = columnOf(column)
      return (name ? cells[name] : undefined)?.trim() ?? ""
    }
    const blank = Object.values(cells).every((cell) =>
      Array.isArray(cell) ? cell.every((c: string) => !c.trim()) : !cell?.trim(),
    )
    if (blank) return
    const problem = problems.get(index)
    if (problem) return contents.errors.push({ row, message: problem })
    contents.rows.push({
      row,
      source_text: value("source_text"),
      target_text: value("target_text"),
      ...optional("source_language_code", value("source_language_code")),
      ...optional("target_language_code", value("target_language_code")),
      ...optional("source_name", value("source_name")),
    })
  })
  return contents
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>

/** Inline elements holding the original format's codes, not text (TMX 1.4 section 3.7). */
const CODE_ELEMENTS = new Set(["bpt", "ept", "it", "ph", "ut"])

type XmlNode = { [tag: string]: XmlNode[] | string | Record<string, string> | undefined } & {
  ":@"?: Record<string, string>
  "#text"?: string
}

const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ":@") ?? ""
const childrenOf = (node: XmlNode): XmlNode[] => {
  const value = node[tagOf(node)]
  return Array.isArray(value) ? value : []
}
const attr = (node: XmlNode, name: string) => node[":@"]?.[`@_${name}`]

/** A segment's text: its own text and that of `hi`/`sub`, without the codes of `bpt`, `ph`, ... */
function textOf(nodes: XmlNode[]): string {
  return nodes
    .map((node) => {
      const tag = tagOf(node)
      if (tag === "#text") return String(node["#text"] ?? "")
      return CODE_ELEMENTS.has(tag) ? "" : textOf(childrenOf(node))
    })
    .join("")
}

/**
 * A TMX file (1.4; 1.1–1.3's `lang` read too): each `<tu>` gives one entry per language other
 * than its source, the source being the `<tu>`'s or the header's `srclang`, or, where that is
 * `*all*`, `defaultSource` or else the first `<tuv>`. Languages of an entry come from the file.
 */
export function parseTmx(text: string, defaultSource?: string): TmFileContents {
  const xml = text.replace(/^\uFEFF/, "")
  const valid = XMLValidator.validate(xml)
  if (valid !== true)
    throw new TmFileError(
      `The TMX file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`,
    )
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  })
  const document = parser.parse(xml) as XmlNode[]
  const tmx = document.find((node) => tagOf(node) === "tmx")
  if (!tmx) throw new TmFileError("The file is not TMX: its root element must be <tmx>.")
  const child = (node: XmlNode, tag: string) => childrenOf(node).filter((n) => tagOf(n) === tag)
  const header = child(tmx, "header")[0]
  const body = child(tmx, "body")[0]
  if (!body) throw new TmFileError("The TMX file has no <body>.")
  const fileSource = header ? attr(header, "srclang") : undefined

  const contents: TmFileContents = { rows: [], errors: [] }
  child(body, "tu").forEach((tu, index) => {
    const row = index + 1
    const variants = child(tu, "tuv").map((tuv) => ({
      lang: (attr(tuv, "xml:lang") ?? attr(tuv, "lang") ?? "").trim(),
      text: textOf(child(tuv, "seg").flatMap(childrenOf)).trim(),
    }))
    if (variants.some((v) => !v.lang))
      return contents.errors.push({ row, message: "a <tuv> has no xml:lang attribute" })
    const declared = attr(tu, "srclang") ?? fileSource
    const wanted = declared && declared !== "*all*" ? declared : defaultSource
    const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
    const source = wanted ? variants.find((v) => sameCode(v.lang, wanted)) : variants[0]
    if (!source)
      return contents.errors.push({ row, message: `no <tuv> in the source language ${wanted}` })
    const targets = variants.filter((v) => v !== source && !sameCode(v.lang, source.lang))
    if (!targets.length)
      return contents.errors.push({ row, message: "no <tuv> besides the source language" })
    for (const target of targets)
      contents.rows.push({
        row,
        source_text: source.text,
        target_text: target.text,
        source_language_code: source.lang,
        target_language_code: target.lang,
      })
  })
  return contents
}

/**
 * Entries as a TMX 1.4 document: one `<tu>` per entry (its source and target `<tuv>`), the name in
 * a `<note>`, where it came from and whether it is enabled in `x-` properties. `srclang` is the
 * entries' one source language, or `*all*` when they have several.
 */
export function tmEntriesToTmx(entries: TmEntry[], tool = { name: "Nativ", version: "1.0" }) {
  const sources = new Set(entries.map((e) => e.source_language_code))
  const srclang = sources.size === 1 ? [...sources][0]! : "*all*"
  const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "")
  const tuv = (lang: string, text: string) => ({ "@_xml:lang": lang, seg: text })
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    tmx: {
      "@_version": "1.4",
      header: {
        "@_creationtool": tool.name,
        "@_creationtoolversion": tool.version,
        "@_segtype": "sentence",
        "@_o-tmf": "Nativ",
        "@_adminlang": "en",
        "@_srclang": srclang,
        "@_datatype": "plaintext",
      },
      body: {
        tu: entries.map((entry) => ({
          "@_tuid": entry.id,
          "@_srclang": entry.source_language_code,
          "@_creationdate": compact(entry.created_at),
          "@_changedate": compact(entry.updated_at),
          ...(entry.source_name ? { note: entry.source_name } : {}),
          prop: [
            { "@_type": "x-information-source", "#text": entry.information_source },
            { "@_type": "x-enabled", "#text": String(entry.enabled) },
          ],
          tuv: [
            tuv(entry.source_language_code, entry.source_text),
            tuv(entry.target_language_code, entry.target_text),
          ],
        })),
      },
    },
  }
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    indentBy: "  ",
    suppressEmptyNode: true,
  })
  return builder.build(document) as string
}
