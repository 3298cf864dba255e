import { z } from "zod"

import { CULTURALIZE_TEXT_MAX, TM_MATCH_TYPES } from "./culturalize"
import { refuseUnstorable } from "./storable"
import { wholeNumberParam } from "./whole-number-param"

export const TM_TARGET_MAX = 50_000
export const TM_LIST_LIMIT_MAX = 500
export const TM_SEARCH_LIMIT_MAX = 100
/**
 * Fuzzy search returns matches scoring at least this much even when asked for less. Translation
 * tools stop at about the same place (memoQ's lowest fuzzy band starts at 50 %, Trados's default
 * minimum is 70 %): below it a match costs a translator more to fix than to write anew. It also
 * keeps the trigram index selective: over 100,000 entries a search at 30 reads about twice the
 * posting lists and candidates it does at 50 (bench scenario 7).
 */
export const TM_SCORE_FLOOR = 50
/** Where an entry came from. A Good rating in the Playground adds `approved` entries. */
export const TM_SOURCES = ["manual", "approved", "user_glossary", "import"] as const
export type TmSource = (typeof TM_SOURCES)[number]

const thousands = (n: number) => n.toLocaleString("en-US")

const exampleEntry = {
  id: "9a1f3c5e-7b2d-4e6f-8a0c-1d3e5f7a9b2c",
  source_language_code: "en",
  target_language_code: "de",
  source_text: "Add to cart",
  target_text: "In den Warenkorb",
  information_source: "manual" as const,
  source_name: "Checkout button",
  enabled: true,
  priority: 50,
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
}

export const tmEntrySchema = z
  .object({
    id: z.string(),
    source_language_code: z.string(),
    target_language_code: z.string(),
    source_text: z.string(),
    target_text: z.string(),
    information_source: z.enum(TM_SOURCES),
    source_name: z.string().nullable(),
    enabled: z.boolean(),
    priority: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ example: exampleEntry })
export type TmEntry = z.infer<typeof tmEntrySchema>

/** PATCH /master-tm/entries/{id}'s answer: the entry as saved. */
export const tmEntrySavedSchema = z
  .object({ success: z.literal(true), entry: tmEntrySchema })
  .meta({ example: { success: true, entry: exampleEntry } })

const code = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(35, `${name} can be at most 35 characters`)
    .regex(
      /^[\p{L}\p{N}_-]+$/u,
      `${name} may contain only letters, digits, - and _ (e.g. en, pt-BR)`,
    )
    .transform((value) => value.toLowerCase())

const sourceText = z
  .string({ error: "source_text is required" })
  .trim()
  .min(1, "source_text cannot be empty")
  .max(
    CULTURALIZE_TEXT_MAX,
    `source_text can be at most ${thousands(CULTURALIZE_TEXT_MAX)} characters`,
  )
const targetText = z
  .string({ error: "target_text is required" })
  .trim()
  .min(1, "target_text cannot be empty")
  .max(TM_TARGET_MAX, `target_text can be at most ${thousands(TM_TARGET_MAX)} characters`)

export const tmEntryCreateSchema = z
  .object({
    source_text: sourceText,
    target_text: targetText,
    source_language_code: code("source_language_code"),
    target_language_code: code("target_language_code"),
    information_source: z
      .enum(TM_SOURCES, { error: `information_source must be one of ${TM_SOURCES.join(", ")}` })
      .default("manual"),
    source_name: z
      .string()
      .trim()
      .max(200, "source_name can be at most 200 characters")
      .nullish()
      .transform((value) => value || null)
      .describe("A label for the entry, e.g. where the text appears."),
    enabled: z.boolean().default(true),
    priority: z.number().int().min(0).max(100).default(50),
  })
  .superRefine(refuseUnstorable)
  .meta({
    example: {
      source_text: "Add to cart",
      target_text: "In den Warenkorb",
      source_language_code: "en",
      target_language_code: "de",
      information_source: "manual",
      source_name: "Checkout button",
    },
  })
export type TmEntryCreate = z.output<typeof tmEntryCreateSchema>

export const tmEntryUpdateSchema = z
  .object({ target_text: targetText.optional(), enabled: z.boolean().optional() })
  .superRefine(refuseUnstorable)
  .refine((value) => value.target_text !== undefined || value.enabled !== undefined, {
    message: "Send target_text, enabled or both",
  })
  .meta({ example: { target_text: "Zum Warenkorb hinzufügen", enabled: true } })
export type TmEntryUpdate = z.output<typeof tmEntryUpdateSchema>

const flag = z
  .enum(["true", "false", "1", "0", "True", "False"], { error: "Use true or false" })
  .transform((value) => value === "true" || value === "1" || value === "True")
const queryCode = (name: string) =>
  z
    .string()
    .trim()
    .max(35, `${name} can be at most 35 characters`)
    .transform((value) => value.toLowerCase() || undefined)
export const tmListQuerySchema = z.object({
  source_lang: queryCode("source_lang").optional().meta({ example: "en" }),
  target_lang: queryCode("target_lang").optional().meta({ example: "de" }),
  information_source: z
    .enum(TM_SOURCES, { error: `information_source must be one of ${TM_SOURCES.join(", ")}` })
    .optional()
    .meta({ example: "manual" }),
  search: z
    .string()
    .trim()
    .max(500, "search can be at most 500 characters")
    .optional()
    .describe("Entries whose source or target text contains this, ignoring case.")
    .meta({ example: "cart" }),
  enabled_only: flag.optional().meta({ example: "true" }),
  limit: wholeNumberParam("limit", 1, TM_LIST_LIMIT_MAX).default(100).meta({ example: 50 }),
  offset: wholeNumberParam("offset", 0, 10_000_000).default(0).meta({ example: 0 }),
})
export type TmListQuery = z.output<typeof tmListQuerySchema>

export const tmListSchema = z
  .object({
    entries: z.array(tmEntrySchema),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ example: { entries: [exampleEntry], total: 1, offset: 0, limit: 50 } })
export type TmList = z.infer<typeof tmListSchema>

export const tmSearchQuerySchema = z.object({
  query: z
    .string({ error: "query is required" })
    .trim()
    .min(1, "query is required")
    .max(CULTURALIZE_TEXT_MAX, `query can be at most ${thousands(CULTURALIZE_TEXT_MAX)} characters`)
    .meta({ example: "Add to basket" }),
  source_lang: queryCode("source_lang").default("en").meta({ example: "en" }),
  target_lang: queryCode("target_lang").optional().meta({ example: "de" }),
  score_cutoff: z.coerce
    .number({ error: "score_cutoff must be a number from 0 to 100" })
    .min(0, "score_cutoff must be a number from 0 to 100")
    .max(100, "score_cutoff must be a number from 0 to 100")
    .default(0)
    .describe(
      `The lowest score to return (0–100); matches under ${TM_SCORE_FLOOR} are never returned.`,
    )
    .meta({ example: 70 }),
  limit: wholeNumberParam("limit", 1, TM_SEARCH_LIMIT_MAX).default(10).meta({ example: 3 }),
})
export type TmSearchQuery = z.output<typeof tmSearchQuerySchema>

export const tmSearchMatchSchema = z.object({
  tm_id: z.string(),
  score: z.number().min(0).max(100),
  match_type: z.enum(TM_MATCH_TYPES),
  source_text: z.string(),
  target_text: z.string(),
  target_language_code: z.string(),
  information_source: z.enum(TM_SOURCES),
  source_name: z.string().nullable(),
})
export type TmSearchMatch = z.infer<typeof tmSearchMatchSchema>

export const tmSearchResultSchema = z.object({ matches: z.array(tmSearchMatchSchema) }).meta({
  example: {
    matches: [
      {
        tm_id: exampleEntry.id,
        score: 82.4,
        match_type: "fuzzy",
        source_text: exampleEntry.source_text,
        target_text: exampleEntry.target_text,
        target_language_code: "de",
        information_source: "manual",
        source_name: "Checkout button",
      },
    ],
  },
})

export const tmStatsSchema = z
  .object({
    total: z.number().int(),
    enabled: z.number().int(),
    disabled: z.number().int(),
    by_source: z.record(
      z.string(),
      z.object({ total: z.number().int(), enabled: z.number().int() }),
    ),
  })
  .meta({
    example: {
      total: 3,
      enabled: 2,
      disabled: 1,
      by_source: { manual: { total: 2, enabled: 1 }, approved: { total: 1, enabled: 1 } },
    },
  })
export type TmStats = z.infer<typeof tmStatsSchema>

/** POST /master-tm/bulk-upload: the largest file, and the most entries one file may hold. */
export const TM_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
export const TM_UPLOAD_ROWS_MAX = 50_000
/** Rows an upload's answer lists among its errors; `failed` counts them all. */
export const TM_UPLOAD_ERRORS_LISTED = 100
/** POST /master-tm/bulk-delete: ids one request may name. */
export const TM_BULK_DELETE_MAX = 1_000

/** A multipart form sends an unset field as "": treat it as missing. */
const formField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional())

export const tmBulkUploadFieldsSchema = z.object({
  source_language_code: formField(code("source_language_code"))
    .describe(
      "For rows (CSV) or files (TMX with srclang *all*) that name no source language; else en.",
    )
    .meta({ example: "en" }),
  target_language_code: formField(code("target_language_code"))
    .describe("For CSV rows without a target_language_code column or cell.")
    .meta({ example: "fr" }),
  information_source: formField(
    z.enum(TM_SOURCES, { error: `information_source must be one of ${TM_SOURCES.join(", ")}` }),
  )
    .describe("Where the entries come from; import unless given.")
    .meta({ example: "import" }),
  source_name: formField(z.string().trim().max(200, "source_name can be at most 200 characters"))
    .describe("A label for rows without their own source_name, e.g. the file's origin.")
    .meta({ example: "Website 2025" }),
})
export type TmBulkUploadFields = z.output<typeof tmBulkUploadFieldsSchema>

export const tmBulkUploadResultSchema = z
  .object({
    success: z.literal(true),
    format: z.enum(["csv", "tmx"]),
    total_rows: z.number().int().describe("Entries read from the file, errors included."),
    added: z.number().int(),
    updated: z
      .number()
      .int()
      .describe(
        "Entries already in the memory (same texts and languages) whose source name the file changed.",
      ),
    skipped: z
      .number()
      .int()
      .describe(
        "Entries already in the memory (same texts and languages) and left unchanged, or repeated in the file.",
      ),
    failed: z.number().int(),
    errors: z
      .array(z.object({ row: z.number().int(), message: z.string() }))
      .describe(
        `The first ${TM_UPLOAD_ERRORS_LISTED} rows not added: the CSV row (the header is row 1) or the TMX <tu> (the first is 1).`,
      ),
  })
  .meta({
    example: {
      success: true,
      format: "csv",
      total_rows: 3,
      added: 1,
      updated: 0,
      skipped: 1,
      failed: 1,
      errors: [{ row: 4, message: "target_text cannot be empty" }],
    },
  })
export type TmBulkUploadResult = z.infer<typeof tmBulkUploadResultSchema>

export const tmBulkDeleteSchema = z
  .object({
    entry_ids: z
      .array(z.uuid({ error: "must be an entry id (a UUID)" }), {
        error: "entry_ids must be a list of entry ids",
      })
      .min(1, "entry_ids must name at least one entry")
      .max(
        TM_BULK_DELETE_MAX,
        `entry_ids can name at most ${thousands(TM_BULK_DELETE_MAX)} entries`,
      ),
  })
  .meta({ example: { entry_ids: [exampleEntry.id] } })
export type TmBulkDelete = z.output<typeof tmBulkDeleteSchema>

export const tmBulkDeleteResultSchema = z
  .object({
    success: z.literal(true),
    deleted: z.number().int(),
    not_found: z.array(z.string()).describe("Ids that are not entries of your account."),
  })
  .meta({ example: { success: true, deleted: 1, not_found: [] } })

const languageCount = z.object({
  code: z.string(),
  total: z.number().int(),
  enabled: z.number().int(),
})
export const tmLanguagesSchema = z
  .object({
    source_languages: z.array(languageCount),
    target_languages: z.array(languageCount),
    pairs: z.array(
      z.object({
        source_language_code: z.string(),
        target_language_code: z.string(),
        total: z.number().int(),
        enabled: z.number().int(),
      }),
    ),
  })
  .meta({
    example: {
      source_languages: [{ code: "en", total: 3, enabled: 2 }],
      target_languages: [
        { code: "de", total: 2, enabled: 1 },
        { code: "fr-fr", total: 1, enabled: 1 },
      ],
      pairs: [
        { source_language_code: "en", target_language_code: "de", total: 2, enabled: 1 },
        { source_language_code: "en", target_language_code: "fr-fr", total: 1, enabled: 1 },
      ],
    },
  })
export type TmLanguages = z.infer<typeof tmLanguagesSchema>

export const tmSourcesSchema = z
  .object({
    sources: z.array(
      z.object({
        information_source: z.enum(TM_SOURCES),
        total: z.number().int(),
        enabled: z.number().int(),
        names: z
          .array(z.object({ source_name: z.string().nullable(), total: z.number().int() }))
          .describe(
            "The entries' labels (source_name) within the source, most used first (at most 50).",
          ),
      }),
    ),
  })
  .meta({
    example: {
      sources: [
        {
          information_source: "import",
          total: 2,
          enabled: 2,
          names: [{ source_name: "Website 2025", total: 2 }],
        },
        {
          information_source: "manual",
          total: 1,
          enabled: 1,
          names: [{ source_name: null, total: 1 }],
        },
      ],
    },
  })
export type TmSources = z.infer<typeof tmSourcesSchema>
