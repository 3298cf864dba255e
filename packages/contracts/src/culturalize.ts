import { z } from "zod"

import { formalitySchema } from "./formality"
import { parseGlossaryText } from "./glossary-csv"
import { requestLanguageFields, requireTargetLanguage } from "./request-languages"
import { refuseUnstorable } from "./storable"

export const CULTURALIZE_TEXT_MAX = 20_000
export const CONTEXT_MAX = 2_000
export const MAX_CHARACTERS_LIMIT = 100_000
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
 * A glossary as a client may send it: a list of `{source, target}` pairs, CSV text whose first
 * row is the header `source,target`, or one `source=target` pair per line (as Nativ's docs and
 * Postman collection send it). All parse to the same list of pairs.
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
      return parseGlossaryText(value)
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message })
      return z.NEVER
    }
  })
  .pipe(glossaryEntriesSchema)
  .meta({
    description:
      "Terms to use exactly: a list of {source, target} pairs, CSV text with the header row " +
      `source,target, or one source=target pair per line. At most ${thousands(GLOSSARY_ENTRIES_MAX)} entries.`,
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

const flag = (description: string) => z.boolean().optional().describe(description)

export const culturalizeRequestSchema = z
  .object({
    text: textSchema,
    ...requestLanguageFields,
    tool: z
      .enum(CULTURALIZE_TOOLS, {
        error: `tool must be one of ${CULTURALIZE_TOOLS.join(", ")}`,
      })
      .default("api"),
    glossary: glossaryInputSchema.optional(),
    glossary_id: z
      .string({ error: "glossary_id must be a glossary's id" })
      .trim()
      .min(1, "glossary_id cannot be empty")
      .max(100, "glossary_id is not a glossary's id")
      .nullish()
      .describe(
        "A stored glossary of your company (see /glossaries) to apply, after any inline glossary.",
      ),
    context: z
      .string({ error: "context must be text" })
      .trim()
      .max(CONTEXT_MAX, `context can be at most ${thousands(CONTEXT_MAX)} characters`)
      .optional()
      .transform((value) => value || undefined)
      .describe(
        `What the text is and where it appears (e.g. "mobile app button"), at most ${thousands(CONTEXT_MAX)} characters; guides the wording and is not charged.`,
      ),
    formality: formalitySchema
      .optional()
      .describe(
        "The tone; overrides the language's formality setting. DeepL's prefer_more and prefer_less are accepted.",
      ),
    max_characters: z
      .number({ error: "max_characters must be a whole number" })
      .int("max_characters must be a whole number")
      .min(1, "max_characters must be at least 1")
      .max(MAX_CHARACTERS_LIMIT, `max_characters can be at most ${thousands(MAX_CHARACTERS_LIMIT)}`)
      .nullish()
      .describe(
        "The result must be at most this many characters. A result that still does not fit after one correction is refused (422 max_characters_exceeded) and nothing is charged.",
      ),
    include_tm_info: flag(
      "Return the best translation-memory matches as `tm_match` (default false).",
    ),
    include_rationale: flag("Return what was adapted and why as `rationale` (default false)."),
    backtranslate: flag(
      "Return the result translated back into the source language as `backtranslation` (default false).",
    ),
    use_memory: flag(
      "Answer an exact repeat from the last 90 days from memory at no cost (default true); false forces a fresh, charged result.",
    ),
    file_id: z
      .string()
      .trim()
      .min(1, "file_id cannot be empty")
      .max(FILE_ID_MAX, `file_id can be at most ${FILE_ID_MAX} characters`)
      .nullish()
      .describe("The design file the text comes from, when a plugin sends it."),
  })
  .superRefine(requireTargetLanguage)
  .superRefine(refuseUnstorable)
  .meta({
    example: {
      text: "Grab our summer deal: 20% off until 31/07!",
      language: "German",
      language_code: "DE",
      tool: "api",
      formality: "informal",
      context: "Marketing banner on the pricing page",
      max_characters: 80,
      include_tm_info: true,
    },
  })
export type CulturalizeRequestInput = z.input<typeof culturalizeRequestSchema>
export type CulturalizeRequest = z.output<typeof culturalizeRequestSchema>

export const TM_MATCH_TYPES = ["exact", "fuzzy"] as const

export const tmMatchDetailSchema = z.object({
  tm_id: z.string(),
  score: z.number().min(0).max(100).describe("Similarity to the text, 0–100."),
  match_type: z.enum(TM_MATCH_TYPES),
  source_text: z.string(),
  target_text: z.string(),
  information_source: z.string(),
  source_name: z.string().nullable(),
})

export const tmMatchSchema = z
  .object({
    score: z.number().min(0).max(100),
    match_type: z.enum(TM_MATCH_TYPES),
    source_text: z.string(),
    target_text: z.string(),
    tm_source: z
      .string()
      .describe("Where the match comes from: an entry's information_source, or memory."),
    tm_source_name: z.string().nullable(),
    tm_id: z.string().nullable(),
    top_matches: z.array(tmMatchDetailSchema),
  })
  .describe("The best translation-memory match, when include_tm_info is set and one was found.")

export const culturalizeResponseSchema = z
  .object({
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
    metadata: z
      .object({ word_count: z.number().int().nonnegative(), cost: z.number().int().nonnegative() })
      .optional()
      .describe("The source text's word count and the credits charged."),
    from_memory: z
      .boolean()
      .optional()
      .describe("True when an exact repeat was answered from memory (cost 0)."),
    tm_match: tmMatchSchema.nullable().optional(),
    rationale: z.string().optional().describe("What was adapted and why (include_rationale)."),
    backtranslation: z
      .string()
      .nullable()
      .optional()
      .describe(
        "The result translated back (backtranslate); null when the engine cannot (the offline engine).",
      ),
  })
  .meta({
    example: {
      translated_text: "Schnapp dir unseren Sommerdeal: 20 % Rabatt bis 31.07.!",
      language: "German",
      language_code: "DE",
      cost: 1,
      credits_remaining: 1999,
      engine: "openai",
      operation_id: "1024",
      metadata: { word_count: 8, cost: 1 },
      from_memory: false,
      tm_match: null,
    },
  })
export type CulturalizeResponse = z.infer<typeof culturalizeResponseSchema>
export type TmMatch = z.infer<typeof tmMatchSchema>

let wordSegmenter: Intl.Segmenter | null = null

/** Words in a text as a reader counts them (Intl.Segmenter, so CJK text counts too). */
export function countWords(text: string): number {
  // One segmenter for every call: making one costs ~0.17 ms, more than counting a short text.
  wordSegmenter ??= new Intl.Segmenter("en", { granularity: "word" })
  let count = 0
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) count++
  return count
}

export const BATCH_ITEMS_MAX = 500
export const BATCH_CHARACTERS_MAX = 100_000
/** The operation a batch records, as the design-tool plugins name it. */
export const BATCH_ACTION = "translate_layers"

const batchItemSchema = z.object({
  id: z
    .string({ error: "An item's id must be text" })
    .trim()
    .min(1, "An item's id cannot be empty")
    .max(200, "An item's id can be at most 200 characters")
    .optional()
    .describe("Echoed in the result (e.g. the layer's id); defaults to the item's position."),
  text: textSchema,
  file_id: z
    .string()
    .trim()
    .min(1, "file_id cannot be empty")
    .max(FILE_ID_MAX, `file_id can be at most ${FILE_ID_MAX} characters`)
    .nullish(),
})

export const culturalizeBatchRequestSchema = z
  .object({
    items: z
      .array(batchItemSchema, { error: "items must be a list of {id?, text}" })
      .min(1, "Send at least one item")
      .max(BATCH_ITEMS_MAX, `A batch can have at most ${BATCH_ITEMS_MAX} items`)
      .superRefine((items, ctx) => {
        const total = items.reduce((sum, item) => sum + countCharacters(item.text), 0)
        if (total > BATCH_CHARACTERS_MAX)
          ctx.addIssue({
            code: "custom",
            message: `The batch has ${thousands(total)} characters; the limit is ${thousands(BATCH_CHARACTERS_MAX)}`,
          })
      }),
    ...requestLanguageFields,
    tool: z
      .enum(CULTURALIZE_TOOLS, { error: `tool must be one of ${CULTURALIZE_TOOLS.join(", ")}` })
      .default("api"),
    glossary: glossaryInputSchema.optional(),
    glossary_id: z.string().trim().min(1).max(100).nullish(),
    formality: formalitySchema.optional(),
    context: z
      .string()
      .trim()
      .max(CONTEXT_MAX, `context can be at most ${thousands(CONTEXT_MAX)} characters`)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine(requireTargetLanguage)
  .superRefine(refuseUnstorable)
  .meta({
    example: {
      items: [
        { id: "12:34", text: "Add to cart" },
        { id: "12:35", text: "Free shipping over $50" },
      ],
      language: "German",
      language_code: "DE",
      tool: "figma",
    },
  })
export type CulturalizeBatchRequest = z.output<typeof culturalizeBatchRequestSchema>

export const culturalizeBatchResponseSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        translated_text: z.string(),
        cost: z.number().int(),
        from_memory: z
          .boolean()
          .describe(
            "True when the company's translation memory holds exactly this text for the target language: its translation is the answer, free (cost 0).",
          ),
      }),
    ),
    cost: z
      .number()
      .int()
      .describe(
        "Credits charged for the whole batch: each item priced as a single request, nothing for one from memory.",
      ),
    credits_remaining: z.number().int(),
    operation_id: z.string(),
  })
  .meta({
    example: {
      results: [
        { id: "12:34", translated_text: "In den Warenkorb", cost: 0, from_memory: true },
        {
          id: "12:35",
          translated_text: "Kostenloser Versand ab 50 €",
          cost: 1,
          from_memory: false,
        },
      ],
      cost: 1,
      credits_remaining: 999,
      operation_id: "9d2f6a3e-1c4b-4f7a-8e2d-5b6c7d8e9f01",
    },
  })
export type CulturalizeBatchResponse = z.infer<typeof culturalizeBatchResponseSchema>
