import { z } from "zod"

import { CONTEXT_MAX } from "./culturalize"
import { formalitySchema } from "./formality"

/**
 * POST /api/v1/files/culturalize and its jobs: a whole i18n resource file (JSON, YAML, PO, XLIFF…)
 * into up to 20 languages, with keys, placeholders and plural forms kept intact.
 */

/** The formats the server reads and writes; the same list as @nativ/i18n-files' FILE_FORMATS. */
export const FILE_FORMAT_NAMES = [
  "json",
  "i18next",
  "arb",
  "xcstrings",
  "yaml",
  "po",
  "xliff",
  "android",
  "strings",
  "stringsdict",
  "csv",
] as const
export type FileFormatName = (typeof FILE_FORMAT_NAMES)[number]

/** Who sent the file, as Operations records it. */
export const FILE_TOOLS = ["api", "cli", "github-action"] as const
export type FileTool = (typeof FILE_TOOLS)[number]

/** The operation each file and language records, as batches record `translate_layers`. */
export const FILE_ACTION = "translate_file"
export const FILE_TARGETS_MAX = 20
/** Files up to this many bytes (UTF-8) are answered at once; larger ones become a job. */
export const FILE_SYNC_MAX_BYTES = 1024 * 1024
export const FILE_MAX_BYTES = 20 * 1024 * 1024
export const FILENAME_MAX = 200
/** How long a job's results can be downloaded. */
export const FILE_JOB_DAYS = 7

const filenameSchema = z
  .string({ error: "filename must be text" })
  .trim()
  .min(1, "filename cannot be empty")
  .max(FILENAME_MAX, `filename can be at most ${FILENAME_MAX} characters`)
  .describe(
    "The file's name or path (locales/en.json); its ending picks the format, and it is the operation's file id.",
  )

const targetLanguagesSchema = z
  .union([
    z.string({ error: "target_languages must be text or a list" }).max(2_000),
    z
      .array(z.string({ error: "Each target language must be text" }).max(100), {
        error: "target_languages must be a list of languages or comma-separated text",
      })
      .max(100),
  ])
  .describe(
    `Up to ${FILE_TARGETS_MAX} languages, as codes (fr, pt-BR) or names (French, Japanese): a list or comma-separated text ("French,German,Japanese").`,
  )

export const fileCulturalizeFields = {
  filename: filenameSchema,
  target_languages: targetLanguagesSchema,
  source_language: z
    .string({ error: "source_language must be text" })
    .trim()
    .min(1, "source_language cannot be empty")
    .max(100, "source_language can be at most 100 characters")
    .optional()
    .describe(
      "The file's language, by code or name; default: what the file declares (XLIFF, PO, ARB…), else English.",
    ),
  format: z
    .enum(FILE_FORMAT_NAMES, {
      error: `format must be one of ${FILE_FORMAT_NAMES.join(", ")}`,
    })
    .optional()
    .describe("The file's format; default: detected from the name and the content."),
  formality: formalitySchema.optional(),
  glossary_id: z.string().trim().min(1).max(100).nullish(),
  context: z
    .string()
    .trim()
    .max(CONTEXT_MAX, `context can be at most ${CONTEXT_MAX.toLocaleString("en-US")} characters`)
    .optional()
    .transform((value) => value || undefined)
    .describe("What the file is (an app's settings screen…); guidance for every string."),
  tool: z
    .enum(FILE_TOOLS, { error: `tool must be one of ${FILE_TOOLS.join(", ")}` })
    .default("api"),
}

const existingSchema = z
  .record(z.string().max(100), z.string({ error: "Each existing file must be text" }))
  .describe(
    "The previous output per target language (keyed by the language as given in target_languages, or its code): keys whose source did not change keep their translation there (human edits survive), only new or changed keys are translated, removed keys are dropped.",
  )

export const fileCulturalizeRequestSchema = z
  .object({
    ...fileCulturalizeFields,
    content: z
      .string({ error: "content must be the file's text" })
      .describe(`The file's text (UTF-8), at most ${FILE_MAX_BYTES / 1024 / 1024} MB.`),
    existing: existingSchema.optional(),
    dry_run: z
      .boolean({ error: "dry_run must be true or false" })
      .optional()
      .describe(
        "Estimate only (the CLI's --dry-run): answer each language's strings_total, strings_translated (what would be sent), strings_from_memory and cost as a real run would, with content empty and dry_run: true; nothing is translated, charged or recorded.",
      ),
  })
  .meta({
    example: {
      filename: "locales/en.json",
      content: '{"home":{"title":"Welcome, {name}!","cart":"You have {count} items"}}',
      target_languages: "French,German,Japanese",
      tool: "cli",
    },
  })
export type FileCulturalizeRequest = z.output<typeof fileCulturalizeRequestSchema>

/** The multipart form: the file in `file`, `existing` as JSON text, the other fields as text. */
export const fileCulturalizeFormFields = {
  ...fileCulturalizeFields,
  filename: filenameSchema.optional().describe("Default: the uploaded file's name."),
  existing: z
    .string()
    .optional()
    .describe('The previous outputs as JSON text: {"fr": "…", "de": "…"}.'),
}

export const fileWarningSchema = z.object({
  key: z.string().describe("The string's key in the file"),
  code: z.enum(["kept_source", "placeholders"]),
  message: z.string(),
})
export type FileWarning = z.infer<typeof fileWarningSchema>

const fileResultFields = {
  language_code: z.string().describe("The target's canonical BCP 47 code"),
  language: z.string().describe("The target's English name"),
  filename: z.string().describe("The file's name with the language put in where it names one"),
  format: z.enum(FILE_FORMAT_NAMES),
  strings_total: z.number().int(),
  strings_translated: z.number().int().describe("Strings sent to the engine in this run"),
  strings_from_memory: z
    .number()
    .int()
    .describe("Strings answered for free: translation memory, an earlier run or `existing`"),
  cost: z.number().int(),
  warnings: z.array(fileWarningSchema),
}

export const fileResultSchema = z.object({
  ...fileResultFields,
  content: z.string().describe("The translated file"),
})
export type FileResult = z.infer<typeof fileResultSchema>

export const fileCulturalizeResponseSchema = z
  .object({
    files: z.array(fileResultSchema),
    cost: z.number().int().describe("Credits charged for every language together"),
    dry_run: z
      .boolean()
      .optional()
      .describe("True when the request was a dry run: the costs are what a real run would charge."),
  })
  .meta({
    example: {
      files: [
        {
          language_code: "fr",
          language: "French",
          filename: "locales/fr.json",
          format: "json",
          content: '{"home":{"title":"Bienvenue, {name} !","cart":"Vous avez {count} articles"}}',
          strings_total: 2,
          strings_translated: 2,
          strings_from_memory: 0,
          cost: 2,
          warnings: [],
        },
      ],
      cost: 2,
    },
  })
export type FileCulturalizeResponse = z.infer<typeof fileCulturalizeResponseSchema>

export const FILE_JOB_STATUSES = ["queued", "running", "completed", "failed"] as const
export type FileJobStatus = (typeof FILE_JOB_STATUSES)[number]

export const fileJobErrorSchema = z.object({ code: z.string(), message: z.string() })

export const fileJobLanguageSchema = z.object({
  ...fileResultFields,
  status: z.enum(["pending", "completed", "failed"]),
  download_url: z
    .string()
    .nullable()
    .describe("Where the translated file is, for 7 days (GET, same credentials)"),
  error: fileJobErrorSchema.nullable(),
})
export type FileJobLanguage = z.infer<typeof fileJobLanguageSchema>

export const fileJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(FILE_JOB_STATUSES),
    filename: z.string(),
    format: z.enum(FILE_FORMAT_NAMES),
    progress: z.object({
      languages_total: z.number().int(),
      languages_done: z.number().int(),
      percent: z.number().int().min(0).max(100),
    }),
    files: z.array(fileJobLanguageSchema),
    cost: z.number().int().describe("Credits charged so far"),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    expires_at: z.string().describe("When the job and its files are deleted"),
  })
  .meta({
    example: {
      id: "4f1c2a9e-7b3d-4e5f-9a1b-2c3d4e5f6a7b",
      status: "running",
      filename: "locales/en.json",
      format: "json",
      progress: { languages_total: 2, languages_done: 1, percent: 50 },
      files: [
        {
          language_code: "fr",
          language: "French",
          filename: "locales/fr.json",
          format: "json",
          status: "completed",
          download_url:
            "https://nativ.example/api/v1/jobs/4f1c2a9e-7b3d-4e5f-9a1b-2c3d4e5f6a7b/files/fr",
          strings_total: 12000,
          strings_translated: 12000,
          strings_from_memory: 0,
          cost: 12400,
          warnings: [],
          error: null,
        },
        {
          language_code: "de",
          language: "German",
          filename: "locales/de.json",
          format: "json",
          status: "pending",
          download_url: null,
          strings_total: 12000,
          strings_translated: 0,
          strings_from_memory: 0,
          cost: 0,
          warnings: [],
          error: null,
        },
      ],
      cost: 12400,
      created_at: "2026-11-28T08:00:00.000Z",
      completed_at: null,
      expires_at: "2026-12-05T08:00:00.000Z",
    },
  })
export type FileJob = z.infer<typeof fileJobSchema>
