import { z } from "zod"

import { refuseUnstorable } from "./storable"

export const CULTURALIZE_TEXT_MAX = 20_000
export const GLOSSARY_ENTRIES_MAX = 5_000
export const GLOSSARY_TERM_MAX = 500
/** A CSV glossary larger than this cannot hold 5,000 sensible entries; refuse it before parsing. */
export const GLOSSARY_CSV_MAX = 1_000_000
export const CULTURALIZE_TOOLS = ["dashboard", "figma", "photoshop", "api", "mcp"] as const
export const ENGINE_NAMES = ["offline", "openai", "anthropic"] as const

export type CulturalizeTool = (typeof CULTURALIZE_TOOLS)[number]
export type EngineName = (typeof ENGINE_NAMES)[number]

const thousands = (n: number) => n.toLocaleString("en-US")

/**
 * Characters as a reader counts them (Unicode code points, as JSON Schema's maxLength does), so an
 * emoji is one character, not two UTF-16 units. Used for the length limit and for pricing.
 */
export function countCharacters(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

/**
 * Credits charged for culturalizing `text`: `creditsPer100Chars` for every started 100 characters,
 * at least one block. The server passes its CREDITS_PER_100_CHARS setting.
 */
export function culturalizeCost(text: string, creditsPer100Chars = 1): number {
  if (!Number.isInteger(creditsPer100Chars) || creditsPer100Chars < 1)
    throw new RangeError("creditsPer100Chars must be a positive integer")
  return Math.max(1, Math.ceil(countCharacters(text) / 100)) * creditsPer100Chars
}

const term = (field: "source" | "target") =>
  z
    .string({ error: `Each glossary entry needs a ${field} text` })
    .trim()
    .min(1, `A glossary ${field} cannot be empty`)
    .max(GLOSSARY_TERM_MAX, `A glossary ${field} can be at most ${GLOSSARY_TERM_MAX} characters`)

export const glossaryEntrySchema = z.object({ source: term("source"), target: term("target") })
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>

export const glossaryEntriesSchema = z
  .array(glossaryEntrySchema)
  .max(
    GLOSSARY_ENTRIES_MAX,
    `The glossary can have at most ${thousands(GLOSSARY_ENTRIES_MAX)} entries`,
  )

/**
 * A glossary as a client may send it: a list of `{source, target}` pairs, or CSV text whose first
 * row is the header `source,target`. Both parse to the same list of pairs.
 */
export const glossaryInputSchema = z
  .union([z.array(z.object({ source: z.string(), target: z.string() })), z.string()], {
    error:
      "The glossary must be a list of {source, target} pairs or CSV text with a source,target header",
  })
  .transform((value, ctx) => {
    if (typeof value !== "string") return value
    if (value.length > GLOSSARY_CSV_MAX) {
      ctx.addIssue({
        code: "custom",
        message: `The glossary CSV can be at most ${thousands(GLOSSARY_CSV_MAX)} characters`,
      })
      return z.NEVER
    }
    try {
      return parseGlossaryCsv(value)
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message })
      return z.NEVER
    }
  })
  .pipe(glossaryEntriesSchema)
  .meta({
    description:
      "Terms to use exactly: a list of {source, target} pairs, or CSV text with the header row " +
      `source,target. At most ${thousands(GLOSSARY_ENTRIES_MAX)} entries.`,
  })

const textSchema = z
  .string({ error: "Please enter the text to culturalize" })
  .trim()
  .min(1, { message: "Please enter the text to culturalize", abort: true })
  .superRefine((text, ctx) => {
    const length = countCharacters(text)
    if (length > CULTURALIZE_TEXT_MAX)
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: CULTURALIZE_TEXT_MAX,
        inclusive: true,
        input: text,
        message: `The text is ${thousands(length)} characters long; the limit is ${thousands(CULTURALIZE_TEXT_MAX)} characters`,
      })
  })
  .meta({ maxLength: CULTURALIZE_TEXT_MAX, description: "The text to culturalize." })

/** file_id is stored on the operation, whose column holds at most this many characters. */
export const FILE_ID_MAX = 200

export const culturalizeRequestSchema = z
  .object({
    text: textSchema,
    language: z
      .string({ error: "Please choose a target language" })
      .trim()
      .min(1, "Please choose a target language")
      .max(100, "The language name can be at most 100 characters"),
    language_code: z
      .string({ error: "language_code is required" })
      .trim()
      .min(1, { message: "language_code is required", abort: true })
      .max(35, "language_code can be at most 35 characters")
      .regex(
        /^[\p{L}\p{N}_-]+$/u,
        "language_code may contain only letters, digits, - and _ (e.g. DE, PT-BR)",
      ),
    tool: z.enum(CULTURALIZE_TOOLS, {
      error: `tool must be one of ${CULTURALIZE_TOOLS.join(", ")}`,
    }),
    glossary: glossaryInputSchema.optional(),
    file_id: z
      .string()
      .trim()
      .min(1, "file_id cannot be empty")
      .max(FILE_ID_MAX, `file_id can be at most ${FILE_ID_MAX} characters`)
      .nullish()
      .describe("The design file the text comes from, when a plugin sends it."),
  })
  .superRefine(refuseUnstorable)
export type CulturalizeRequestInput = z.input<typeof culturalizeRequestSchema>
export type CulturalizeRequest = z.output<typeof culturalizeRequestSchema>

export const culturalizeResponseSchema = z.object({
  translated_text: z.string(),
  language: z.string(),
  language_code: z.string(),
  cost: z.number().int().nonnegative().describe("Credits charged for this request."),
  credits_remaining: z.number().int().nonnegative(),
  engine: z.enum(ENGINE_NAMES),
  operation_id: z.string(),
  note: z
    .string()
    .optional()
    .describe(
      "Something the reader should know about the result, e.g. that only formatting was adapted.",
    ),
})
export type CulturalizeResponse = z.infer<typeof culturalizeResponseSchema>

export class GlossaryCsvError extends Error {
  override name = "GlossaryCsvError"
}

const DELIMITERS = [",", ";", "\t"] as const

/**
 * Parses a CSV glossary (RFC 4180: quoted fields may hold commas, quotes written as "" and line
 * breaks; CRLF, LF or CR line ends; a leading BOM; blank lines skipped). The first row must be the
 * header `source,target` (spreadsheets that save with `;` or tabs are accepted too); columns after
 * the second are ignored. Throws a GlossaryCsvError naming the line of the first problem.
 * Pure string work, so the dashboard can check a file before sending it.
 */
export function parseGlossaryCsv(csv: string): GlossaryEntry[] {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv
  const firstLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== "") ?? ""
  const delimiter = DELIMITERS.find((d) => firstLine.includes(d)) ?? ","
  const rows = splitCsvRows(text, delimiter)
  const header = rows.shift()
  const columns = header?.fields.map((f) => f.trim().toLowerCase())
  if (!columns || columns[0] !== "source" || columns[1] !== "target") {
    const found = header ? `"${header.fields.join(delimiter)}"` : "an empty file"
    throw new GlossaryCsvError(
      `The glossary CSV must start with the header row source,target (found ${found})`,
    )
  }
  return rows.map(({ fields, line }) => {
    const source = (fields[0] ?? "").trim()
    const target = (fields[1] ?? "").trim()
    if (!source || !target)
      throw new GlossaryCsvError(`Glossary CSV line ${line}: both source and target are required`)
    return { source, target }
  })
}

type CsvRow = { fields: string[]; line: number }

function splitCsvRows(text: string, delimiter: string): CsvRow[] {
  const rows: CsvRow[] = []
  let fields: string[] = []
  let field = ""
  let line = 1
  let rowLine = 1
  let i = 0
  const endRow = () => {
    fields.push(field)
    if (fields.some((f) => f.trim() !== "")) rows.push({ fields, line: rowLine })
    fields = []
    field = ""
  }
  while (i < text.length) {
    const ch = text[i]!
    if (ch === '"' && field.trim() === "") {
      const start = line
      field = ""
      i++
      for (;;) {
        if (i >= text.length)
          throw new GlossaryCsvError(`Glossary CSV line ${start}: a quoted field is not closed`)
        const c = text[i]!
        if (c === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (c === '"') {
          i++
          break
        } else {
          if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++
          field += c
          i++
        }
      }
      while (text[i] === " " || text[i] === "\t") i++
      const next = text[i]
      if (next !== undefined && next !== delimiter && next !== "\r" && next !== "\n")
        throw new GlossaryCsvError(
          `Glossary CSV line ${line}: unexpected text after a closing quote (write a quote inside a quoted field as "")`,
        )
      continue
    }
    if (ch === delimiter) {
      fields.push(field)
      field = ""
      i++
    } else if (ch === "\r" || ch === "\n") {
      endRow()
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1
      line++
      rowLine = line
    } else {
      field += ch
      i++
    }
  }
  endRow()
  return rows
}
