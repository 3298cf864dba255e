import Papa from "papaparse"
import { isIcuMessage } from "../icu"
import { checkSize, checkStrings, positionAt, resolveLimits } from "../limits"
import type { FormatHandler, ParsedFile, TextUnit } from "../types"
import { FileFormatError } from "../types"

/** First cells that mark a header row rather than a string's key. */
const HEADER_KEYS = new Set([
  "key",
  "keys",
  "id",
  "identifier",
  "name",
  "string",
  "string id",
  "msgid",
  "resource",
])

/** A header cell that names a language (`en`, `pt-BR`), not a column title like `target`. */
const LANGUAGE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/

interface CsvDocument {
  content: string
  rows: string[][]
  header: boolean
  delimiter: string
  linebreak: string
  quoteAll: boolean
  trailingNewline: boolean
  /** The row of each unit. */
  rowOf: Map<string, number>
}

/**
 * CSV of `key,source[,target]`, with or without a header row (`key,en,fr`): each row with a key
 * and a source is a unit, a non-empty third column its existing translation; further columns are
 * kept. Written for a target language, the translation goes in the third column (the header's
 * third cell names the target when the file had none). The delimiter (`,`, `;` or tab), line
 * breaks and quoting style are the file's; fields are quoted wherever CSV needs it.
 */
export const csvHandler: FormatHandler = {
  format: "csv",
  extensions: [".csv"],
  parse(content, options): ParsedFile {
    const limits = resolveLimits(options?.limits)
    checkSize(content, limits)
    const rows: string[][] = []
    const starts: number[] = []
    let failure: { row: number; message: string } | undefined
    let lastCursor = 0
    const delimiter = guessDelimiter(content)
    Papa.parse<string[]>(content, {
      header: false,
      skipEmptyLines: false,
      delimiter,
      step(row) {
        starts.push(lastCursor)
        lastCursor = row.meta.cursor
        rows.push(row.data)
        const error = row.errors.find((found) => found.type === "Quotes")
        if (error) failure ??= { row: rows.length - 1, message: error.message }
        if (rows.length > limits.maxStrings + 1) checkStrings(rows.length - 1, limits)
      },
    })
    if (failure) {
      const where = positionAt(content, starts[failure.row] ?? 0)
      throw new FileFormatError(
        "malformed",
        `The CSV file is not valid at line ${where.line} (row ${failure.row + 1}): ${failure.message}.`,
        where,
      )
    }
    const trailingNewline = rows.length > 1 && rows.at(-1)!.length === 1 && rows.at(-1)![0] === ""
    if (trailingNewline) rows.pop()
    const linebreak = content.includes("\r\n")
      ? "\r\n"
      : content.includes("\r") && !content.includes("\n")
        ? "\r"
        : "\n"
    const header = rows.length > 0 && HEADER_KEYS.has((rows[0]![0] ?? "").trim().toLowerCase())

    const units: TextUnit[] = []
    const rowOf = new Map<string, number>()
    rows.forEach((cells, index) => {
      if (header && index === 0) return
      const [key, source, target] = cells
      if (!key || source === undefined) return
      if (rowOf.has(key)) {
        const where = positionAt(content, starts[index] ?? 0)
        throw new FileFormatError(
          "malformed",
          `The key "${key}" appears twice (line ${positionAt(content, starts[rowOf.get(key)!] ?? 0).line} and line ${where.line}).`,
          where,
        )
      }
      rowOf.set(key, index)
      units.push({
        key,
        source,
        ...(isIcuMessage(source) && { icu: true }),
        ...(target && { target }),
      })
    })
    checkStrings(units.length, limits)
    const document: CsvDocument = {
      content,
      rows,
      header,
      delimiter,
      linebreak,
      quoteAll: quotesEverything(content, delimiter),
      trailingNewline,
      rowOf,
    }
    const sourceLanguage = header ? rows[0]![1]?.trim() : undefined
    return {
      format: "csv",
      units,
      document,
      ...(sourceLanguage && LANGUAGE.test(sourceLanguage) && { sourceLanguage }),
    }
  },
  render(file, translations, options) {
    const doc = file.document as CsvDocument
    const rows = doc.rows.map((cells) => [...cells])
    let changed = false
    for (const [key, index] of doc.rowOf) {
      const text = translations.get(key)?.text
      if (text === undefined || rows[index]![2] === text) continue
      const row = rows[index]!
      while (row.length < 2) row.push("")
      row[2] = text
      changed = true
    }
    if (!changed) return doc.content
    // the header's third cell names the target column: written when missing or naming another language
    const named = doc.header ? rows[0]![2]?.trim() : undefined
    if (doc.header && (!named || (LANGUAGE.test(named) && named !== options.targetLanguage))) {
      while (rows[0]!.length < 2) rows[0]!.push("")
      rows[0]![2] = options.targetLanguage
    }
    const text = Papa.unparse(rows, {
      delimiter: doc.delimiter,
      newline: doc.linebreak as "\n",
      quotes: doc.quoteAll,
      escapeFormulae: false,
    })
    return doc.trailingNewline ? text + doc.linebreak : text
  },
}

/**
 * The file's delimiter: a comma unless its first rows split into columns only on a semicolon or a
 * tab (as spreadsheets in some locales export).
 */
function guessDelimiter(content: string): string {
  const head = content.slice(0, 65_536)
  for (const delimiter of [",", ";", "\t"]) {
    const { data } = Papa.parse<string[]>(head, { delimiter, preview: 5 })
    if (data.some((row) => row.length >= 2)) return delimiter
  }
  return ","
}

/** Whether the file quotes every field (as some spreadsheet exports do), judged by its first row. */
function quotesEverything(content: string, delimiter: string): boolean {
  const firstLine = content.split(/\r\n|\r|\n/, 1)[0] ?? ""
  const field = `"(?:[^"]|"")*"`
  const escaped = delimiter.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")
  return new RegExp(`^${field}(?:${escaped}${field})*$`).test(firstLine)
}
