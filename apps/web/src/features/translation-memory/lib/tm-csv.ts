import type { TmEntry } from "@nativ/contracts"
import Papa from "papaparse"

import { checkNewEntry, type NewTmEntry } from "./new-entry"

/** Rows one import may hold: each is one request, so a larger file belongs in several. */
export const IMPORT_ROWS_MAX = 5_000

/** One data row of an import file, numbered as a spreadsheet shows it (the header is row 1). */
export type CsvRow = {
  row: number
  source: string
  target: string
  sourceLanguage: string
  targetLanguage: string
  name: string
  /** Why the row could not be read as cells, when it could not. */
  problem?: string
}

export type RowError = { row: number; message: string }

/** Raised for a file that cannot be imported at all; the message says why. */
export class CsvFileError extends Error {
  override name = "CsvFileError"
}

const COLUMNS = ["source", "target", "source_language", "target_language", "name"] as const
type Column = (typeof COLUMNS)[number]

/** The contract's field names in each problem become the file's column names. */
const COLUMN_NAMES = {
  source_text: "source",
  target_text: "target",
  source_language_code: "source_language",
  target_language_code: "target_language",
  source_name: "name",
}

const normaliseHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")

/**
 * Reads an import file: a header row with `source` and `target` (and optionally
 * `source_language`, `target_language`, `name`; other columns are ignored), then one entry per
 * row. Blank rows are skipped but still counted, so row numbers match the file.
 */
export function parseTmCsv(text: string): CsvRow[] {
  const parsed = Papa.parse<Partial<Record<Column, string>> & { __parsed_extra?: string[] }>(text, {
    header: true,
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
    transformHeader: normaliseHeader,
  })
  const fields = parsed.meta.fields ?? []
  const missing = ["source", "target"].filter((column) => !fields.includes(column))
  if (missing.length)
    throw new CsvFileError(
      `The first row must name the columns source and target (missing: ${missing.join(", ")}).`,
    )
  // A short row only leaves cells empty, which the entry check words better; a long one (an
  // unquoted comma, most often) cannot be read safely.
  const problems = new Map<number, string>()
  for (const error of parsed.errors)
    if (error.row !== undefined && error.code !== "TooFewFields" && !problems.has(error.row))
      problems.set(error.row, error.message)

  const rows: CsvRow[] = []
  parsed.data.forEach((cells, index) => {
    const value = (column: Column) => cells[column]?.trim() ?? ""
    const extra = cells.__parsed_extra?.some((cell) => cell.trim())
    if (COLUMNS.every((column) => !value(column)) && !extra) return
    rows.push({
      row: index + 2,
      source: value("source"),
      target: value("target"),
      sourceLanguage: value("source_language"),
      targetLanguage: value("target_language"),
      name: value("name"),
      ...(problems.has(index) ? { problem: problems.get(index) } : {}),
    })
  })
  if (!rows.length) throw new CsvFileError("The file has a header but no rows to add.")
  if (rows.length > IMPORT_ROWS_MAX)
    throw new CsvFileError(
      `The file has ${rows.length.toLocaleString("en-US")} rows; import at most ${IMPORT_ROWS_MAX.toLocaleString("en-US")} at a time.`,
    )
  return rows
}

/**
 * The separator the header row uses: comma, or the semicolon or tab some spreadsheets write.
 * Read from the header alone, as Papa's own guess is thrown off by blank rows.
 */
function delimiterOf(text: string) {
  const header = text.slice(0, text.search(/\r?\n|$/))
  const count = (separator: string) => header.split(separator).length
  return [";", "\t"].find((separator) => count(separator) > count(",")) ?? ","
}

export type ImportPlan = { entries: { row: number; entry: NewTmEntry }[]; errors: RowError[] }

/**
 * The entries an import will add, each checked against the contract, and the rows it will skip
 * with the reason. Languages missing from a row come from `defaults`.
 */
export function planTmImport(
  rows: CsvRow[],
  defaults: { sourceLanguage: string; targetLanguage: string },
): ImportPlan {
  const plan: ImportPlan = { entries: [], errors: [] }
  for (const row of rows) {
    if (row.problem) {
      plan.errors.push({ row: row.row, message: row.problem })
      continue
    }
    const checked = checkNewEntry(
      {
        source_text: row.source,
        target_text: row.target,
        source_language_code: row.sourceLanguage || defaults.sourceLanguage,
        target_language_code: row.targetLanguage || defaults.targetLanguage,
        information_source: "import",
        source_name: row.name || null,
      },
      COLUMN_NAMES,
    )
    if ("entry" in checked) plan.entries.push({ row: row.row, entry: checked.entry })
    else plan.errors.push({ row: row.row, message: checked.error })
  }
  return plan
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return before
 * one) start with a single quote instead. Papa's own pattern stops at the first line break, so a
 * multi-line cell starting with "=" would slip through it.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Entries as a CSV file a spreadsheet opens correctly (UTF-8 with a byte order mark, CRLF) and
 * the import reads back: source, target, source_language, target_language, name, then details.
 */
export function tmEntriesToCsv(entries: TmEntry[]): string {
  const csv = Papa.unparse(
    {
      fields: [...COLUMNS, "information_source", "enabled", "created_at", "updated_at"],
      data: entries.map((entry) => [
        entry.source_text,
        entry.target_text,
        entry.source_language_code,
        entry.target_language_code,
        entry.source_name ?? "",
        entry.information_source,
        entry.enabled ? "true" : "false",
        entry.created_at,
        entry.updated_at,
      ]),
    },
    { escapeFormulae: FORMULA_START, newline: "\r\n" },
  )
  return `\uFEFF${csv}`
}
