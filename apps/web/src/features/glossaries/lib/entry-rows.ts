import { GLOSSARY_ENTRIES_MAX, GLOSSARY_TERM_MAX, type GlossaryEntry } from "@nativ/contracts"

/** A row of the entries editor; `key` keeps React's rows stable while rows are added and removed. */
export type EntryRow = { key: number; source: string; target: string }

let nextKey = 0
export const newRow = (entry: GlossaryEntry = { source: "", target: "" }): EntryRow => ({
  key: nextKey++,
  ...entry,
})

export type RowProblems = { rows: Map<number, string>; overall: string | null }

/**
 * What stops the rows from being saved, per row (by key) and overall. The same rules as the
 * contract's, which the server applies again, but said beside the row at fault. A row left wholly
 * blank is not a problem: it is left out when saving.
 */
export function rowProblems(rows: EntryRow[]): RowProblems {
  const problems = new Map<number, string>()
  const firstBySource = new Map<string, number>()
  const kept = rows.filter((row) => row.source.trim() || row.target.trim())
  kept.forEach((row) => {
    const source = row.source.trim()
    const target = row.target.trim()
    const number = rows.indexOf(row) + 1
    if (!source) return problems.set(row.key, "Enter the source term")
    if (!target) return problems.set(row.key, "Enter the target term")
    if (source.length > GLOSSARY_TERM_MAX || target.length > GLOSSARY_TERM_MAX)
      return problems.set(row.key, `A term can be at most ${GLOSSARY_TERM_MAX} characters`)
    const first = firstBySource.get(source.toLowerCase())
    if (first !== undefined)
      return problems.set(row.key, `Row ${first} has the same source term; keep one`)
    firstBySource.set(source.toLowerCase(), number)
  })
  const overall =
    kept.length > GLOSSARY_ENTRIES_MAX
      ? `A glossary can have at most ${GLOSSARY_ENTRIES_MAX.toLocaleString("en-US")} entries`
      : null
  return { rows: problems, overall }
}

/** The rows as the API takes them: trimmed, blank rows left out. */
export const rowsToEntries = (rows: EntryRow[]): GlossaryEntry[] =>
  rows
    .filter((row) => row.source.trim() || row.target.trim())
    .map((row) => ({ source: row.source.trim(), target: row.target.trim() }))
