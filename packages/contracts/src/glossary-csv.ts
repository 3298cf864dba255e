import Papa from "papaparse"

export class GlossaryCsvError extends Error {
  override name = "GlossaryCsvError"
}

export type GlossaryPair = { source: string; target: string }

/** Header names: ours, and Nativ's SDKs' inline glossary ("term,translation"). */
const SOURCE_HEADERS = new Set(["source", "term", "source_text"])
const TARGET_HEADERS = new Set(["target", "translation", "target_text"])

/**
 * Parses a CSV or TSV glossary with papaparse (RFC 4180 quoting; the delimiter — comma, semicolon
 * or tab — detected; a byte-order mark stripped; blank lines skipped). The first row must be the
 * header `source,target` (or `term,translation`); columns after the second are ignored. Throws a
 * GlossaryCsvError naming the line of the first problem (lines inside quoted fields counted).
 * Pure string work, so the dashboard can check a file before sending it.
 */
export function parseGlossaryCsv(csv: string): GlossaryPair[] {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv
  const rows: { fields: string[]; line: number }[] = []
  let problem: GlossaryCsvError | null = null
  let cursor = 0
  let line = 1
  Papa.parse<string[]>(text, {
    delimitersToGuess: [",", ";", "\t"],
    skipEmptyLines: "greedy",
    step(result, parser) {
      // The row starts after the previous one's end: count the line breaks in between.
      const start = line + countLineBreaks(text, cursor, rowStart(text, cursor))
      const end = result.meta.cursor
      line = start + countLineBreaks(text, rowStart(text, cursor), end)
      cursor = end
      const error = result.errors.find((e) => e.type !== "Delimiter")
      if (error) {
        problem = new GlossaryCsvError(
          `Glossary CSV line ${start}: ${
            error.code === "MissingQuotes"
              ? "a quoted field is not closed"
              : error.code === "InvalidQuotes"
                ? 'unexpected text after a closing quote (write a quote inside a quoted field as "")'
                : error.message
          }`,
        )
        parser.abort()
        return
      }
      rows.push({ fields: result.data, line: start })
    },
  })
  if (problem) throw problem
  const header = rows.shift()
  const columns = header?.fields.map((f) => f.trim().toLowerCase())
  if (!columns || !SOURCE_HEADERS.has(columns[0] ?? "") || !TARGET_HEADERS.has(columns[1] ?? "")) {
    const found = header ? `"${header.fields.join(",")}"` : "an empty file"
    throw new GlossaryCsvError(
      `The glossary CSV must start with the header row source,target (found ${found})`,
    )
  }
  return rows.map(({ fields, line: at }) => {
    const source = (fields[0] ?? "").trim()
    const target = (fields[1] ?? "").trim()
    if (!source || !target)
      throw new GlossaryCsvError(`Glossary CSV line ${at}: both source and target are required`)
    return { source, target }
  })
}

/**
 * An inline glossary's text: one `source=target` pair per line (split at the first "="), when no
 * line is a CSV header and every non-blank line has an "="; otherwise CSV (parseGlossaryCsv).
 */
export function parseGlossaryText(text: string): GlossaryPair[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), at: index + 1 }))
    .filter(({ line }) => line)
  const first = lines[0]?.line.toLowerCase() ?? ""
  const csvHeader = /^(source|term|source_text)\s*[,;\t]/.test(first)
  if (csvHeader || !lines.length || !lines.every(({ line }) => line.includes("=")))
    return parseGlossaryCsv(text)
  return lines.map(({ line, at }) => {
    const split = line.indexOf("=")
    const source = line.slice(0, split).trim()
    const target = line.slice(split + 1).trim()
    if (!source || !target)
      throw new GlossaryCsvError(`Glossary line ${at}: write the pair as source=target`)
    return { source, target }
  })
}

/** Where the next row's text begins: past the line break that ended the previous row. */
function rowStart(text: string, cursor: number) {
  let at = cursor
  while (at < text.length && (text[at] === "\r" || text[at] === "\n" || text[at] === " ")) at++
  return at
}

function countLineBreaks(text: string, from: number, to: number) {
  let count = 0
  for (let i = from; i < to; i++) {
    const ch = text[i]
    if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) count++
  }
  return count
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * prefix such cells with a quote so an exported text stays text.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
}

/** A glossary as CSV text with the header source,target, formula-safe, CRLF line ends. */
export function writeGlossaryCsv(entries: GlossaryPair[]): string {
  return Papa.unparse(
    {
      fields: ["source", "target"],
      data: entries.map((e) => [neutralizeFormula(e.source), neutralizeFormula(e.target)]),
    },
    { newline: "\r\n" },
  )
}
