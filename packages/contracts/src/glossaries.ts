import { z } from "zod"

import { GLOSSARY_CSV_MAX, GLOSSARY_ENTRIES_MAX, GLOSSARY_TERM_MAX } from "./culturalize"
import { type GlossaryPair, parseGlossaryCsv } from "./glossary-csv"
import { refuseUnstorable } from "./storable"

export const GLOSSARY_NAME_MAX = 100
export const GLOSSARIES_MAX = 100

const thousands = (n: number) => n.toLocaleString("en-US")

const exampleEntries = [
  { source: "Sign in", target: "Anmelden" },
  { source: "Cart", target: "Warenkorb" },
]
const exampleGlossary = {
  id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  name: "Checkout (German)",
  language_code: "DE",
  entry_count: 2,
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
}

/**
 * A stored glossary's entries as a client sends them: `{source, target}` pairs or CSV/TSV text
 * (header source,target). Every problem names its row; a source term given twice is refused
 * (which target would win?).
 */
export const storedGlossaryEntriesSchema = z
  .union([z.array(z.object({ source: z.string(), target: z.string() })), z.string()], {
    error:
      "entries must be a list of {source, target} pairs or CSV text with a source,target header",
  })
  .transform((value, ctx): GlossaryPair[] => {
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
  .transform((pairs, ctx): GlossaryPair[] => {
    if (pairs.length > GLOSSARY_ENTRIES_MAX) {
      ctx.addIssue({
        code: "custom",
        message: `A glossary can have at most ${thousands(GLOSSARY_ENTRIES_MAX)} entries; this one has ${thousands(pairs.length)}`,
      })
      return z.NEVER
    }
    const seen = new Map<string, number>()
    const entries: GlossaryPair[] = []
    for (const [index, pair] of pairs.entries()) {
      const row = index + 1
      const source = pair.source.trim()
      const target = pair.target.trim()
      const problem = !source
        ? "the source term is empty"
        : !target
          ? "the target term is empty"
          : source.length > GLOSSARY_TERM_MAX || target.length > GLOSSARY_TERM_MAX
            ? `a term can be at most ${GLOSSARY_TERM_MAX} characters`
            : null
      if (problem) {
        ctx.addIssue({ code: "custom", message: `Row ${row}: ${problem}` })
        return z.NEVER
      }
      const key = source.toLocaleLowerCase()
      const first = seen.get(key)
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `Rows ${first} and ${row} have the same source term "${source}"; keep one`,
        })
        return z.NEVER
      }
      seen.set(key, row)
      entries.push({ source, target })
    }
    return entries
  })
  .meta({
    description: `{source, target} pairs or CSV/TSV text with the header source,target; at most ${thousands(GLOSSARY_ENTRIES_MAX)} entries of at most ${GLOSSARY_TERM_MAX} characters a term, each source term once.`,
    example: exampleEntries,
  })

const name = z
  .string({ error: "Please enter a name" })
  .trim()
  .min(1, "Please enter a name")
  .max(GLOSSARY_NAME_MAX, `The name can be at most ${GLOSSARY_NAME_MAX} characters`)
const languageCode = z
  .string({ error: "language_code is required" })
  .trim()
  .min(1, "language_code is required")
  .max(35, "language_code can be at most 35 characters")
  .regex(/^[\p{L}\p{N}_-]+$/u, "language_code may contain only letters, digits, - and _")
  .transform((value) => value.toUpperCase())

export const glossaryCreateSchema = z
  .object({ name, language_code: languageCode, entries: storedGlossaryEntriesSchema })
  .superRefine(refuseUnstorable)
  .meta({
    example: {
      name: "Checkout (German)",
      language_code: "DE",
      entries: "source,target\nSign in,Anmelden\nCart,Warenkorb",
    },
  })

export const glossaryUpdateSchema = z
  .object({ name: name.optional(), language_code: languageCode.optional() })
  .superRefine(refuseUnstorable)
  .meta({ example: { name: "Checkout (German, informal)" } })

export const glossaryEntriesUpdateSchema = z
  .object({ entries: storedGlossaryEntriesSchema })
  .superRefine(refuseUnstorable)
  .meta({ example: { entries: exampleEntries } })

export const glossarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    language_code: z.string(),
    entry_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ example: exampleGlossary })
export type Glossary = z.infer<typeof glossarySchema>

export const glossaryListSchema = z
  .object({ glossaries: z.array(glossarySchema) })
  .meta({ example: { glossaries: [exampleGlossary] } })
export const glossaryEntryListSchema = z
  .object({ entries: z.array(z.object({ source: z.string(), target: z.string() })) })
  .meta({ example: { entries: exampleEntries } })

/** The message for a name the company already uses; the API's 409 says the same. */
export const glossaryNameTakenMessage = (name: string) =>
  `A glossary named "${name.trim()}" already exists. Choose another name.`

/** Whether `name` clashes with another of `glossaries` (names are unique whatever the case). */
export const glossaryNameTaken = (
  glossaries: readonly Pick<Glossary, "id" | "name">[],
  name: string,
  exceptId?: string,
) => {
  const wanted = name.trim().toLowerCase()
  return glossaries.some((g) => g.id !== exceptId && g.name.toLowerCase() === wanted)
}
