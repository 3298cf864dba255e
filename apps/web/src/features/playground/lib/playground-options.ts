import {
  CONTEXT_MAX,
  type CulturalizeRequestInput,
  FORMALITY_LEVELS,
  MAX_CHARACTERS_LIMIT,
} from "@nativ/contracts"
import { z } from "zod"

/** Radix's select cannot hold an empty value: "default" stands for the language's own. */
export const LANGUAGE_DEFAULT = "default"

const thousands = (n: number) => n.toLocaleString("en-US")
const MAX_CHARACTERS_MESSAGE = `Max characters must be a whole number from 1 to ${thousands(MAX_CHARACTERS_LIMIT)}`

/** The 'More options' fields as the form holds them (the number as typed). */
export const optionsSchema = z.object({
  formality: z.enum([LANGUAGE_DEFAULT, ...FORMALITY_LEVELS]),
  context: z
    .string()
    .max(CONTEXT_MAX, `The context can be at most ${thousands(CONTEXT_MAX)} characters`),
  maxCharacters: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === "" ||
        (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_CHARACTERS_LIMIT),
      MAX_CHARACTERS_MESSAGE,
    ),
  backtranslate: z.boolean(),
})
export type PlaygroundOptions = z.infer<typeof optionsSchema>

export const defaultOptions: PlaygroundOptions = {
  formality: LANGUAGE_DEFAULT,
  context: "",
  maxCharacters: "",
  backtranslate: false,
}

export type RequestOptions = Pick<
  CulturalizeRequestInput,
  "formality" | "context" | "max_characters" | "backtranslate"
>

/** Only what was changed from the defaults is sent, so an untouched panel sends nothing. */
export function requestOptions(options: PlaygroundOptions): RequestOptions {
  const context = options.context.trim()
  const maxCharacters = options.maxCharacters.trim()
  return {
    ...(options.formality !== LANGUAGE_DEFAULT ? { formality: options.formality } : {}),
    ...(context ? { context } : {}),
    ...(maxCharacters ? { max_characters: Number(maxCharacters) } : {}),
    ...(options.backtranslate ? { backtranslate: true } : {}),
  }
}

/** The Input card's form: the spec's text and language rules, and the options. */
export const playgroundFormSchema = z.object({
  text: z.string().trim().min(1, "Please enter some text to culturalize"),
  languageId: z.string().min(1, "Please select a language"),
  options: optionsSchema,
})
export type PlaygroundFormValues = z.infer<typeof playgroundFormSchema>
