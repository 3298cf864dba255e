import {
  type GlossaryEntry,
  glossaryCreateSchema,
  storedGlossaryEntriesSchema,
} from "@nativ/contracts"
import { z } from "zod"

const { name, language_code } = glossaryCreateSchema.shape

// The contract also takes pairs; the form only ever gives it text.
const entriesFromText = storedGlossaryEntriesSchema as unknown as z.ZodType<GlossaryEntry[], string>

/** Entries as typed or loaded from a file: CSV/TSV text, checked by the contract row by row. */
const entriesText = z
  .string()
  .refine((text) => text.trim() !== "", "Choose a file or paste entries")
  .pipe(entriesFromText)

export const glossaryFormSchema = z.object({ name, language_code, entries: entriesText })
export type GlossaryFormValues = z.input<typeof glossaryFormSchema>
export type GlossaryInput = z.output<typeof glossaryFormSchema>

export const glossaryDetailsSchema = z.object({ name, language_code })
export const glossaryEntriesFormSchema = z.object({ entries: entriesText })

/** The contract speaks of `language_code`; the form's label is 'Language code'. */
export const fieldMessage = (message: string | undefined) =>
  message?.replace(/^language_code/, "The language code")

/** A file name as a glossary name: without its extension, at most 100 characters. */
export const nameFromFile = (fileName: string) =>
  fileName
    .replace(/\.[^.]+$/, "")
    .trim()
    .slice(0, 100)
