import Papa from "papaparse"
import { z } from "zod"

import { CULTURALIZE_TOOLS } from "./culturalize"
import { FILE_TOOLS } from "./files"
import { isoDate } from "./usage"

/**
 * Operations (GET /api/v1/operations): the company's operations, filtered, as a JSON page or the
 * whole filtered result as CSV.
 */

export const OPERATIONS_PER_PAGE = 10
export const OPERATIONS_PER_PAGE_MAX = 100
export const OPERATIONS_FORMATS = ["json", "csv"] as const

/** Every tool an operation can be recorded with: text requests' and files' (the CLI, the Action). */
export const OPERATION_TOOLS = [...new Set([...CULTURALIZE_TOOLS, ...FILE_TOOLS])]

/** Whether the runtime knows `zone` as an IANA time zone (aliases such as "UTC" included). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const page = (name: string, max?: number) => {
  const message = max
    ? `${name} must be a whole number from 1 to ${max}`
    : `${name} must be a whole number from 1`
  const number = z.coerce.number({ error: message }).int(message).min(1, message)
  return max ? number.max(max, message) : number
}

export const operationsQuerySchema = z
  .object({
    from: isoDate("from")
      .optional()
      .describe("First day, inclusive (YYYY-MM-DD, in time_zone).")
      .meta({ example: "2026-01-01" }),
    to: isoDate("to")
      .optional()
      .describe("Last day, inclusive (YYYY-MM-DD, in time_zone).")
      .meta({ example: "2026-01-31" }),
    time_zone: z
      .string()
      .max(64, "time_zone must be an IANA time zone such as Europe/Paris")
      .refine(isTimeZone, "time_zone must be an IANA time zone such as Europe/Paris")
      .optional()
      .describe("IANA time zone the days are counted in (default UTC).")
      .meta({ example: "Europe/Paris" }),
    language: z
      .string()
      .min(1, "language must not be empty")
      .max(100, "language can be at most 100 characters")
      .optional()
      .describe("Only operations into this language, as recorded (e.g. German).")
      .meta({ example: "German" }),
    tool: z
      .string()
      .min(1, "tool must not be empty")
      .max(50, "tool can be at most 50 characters")
      .optional()
      .describe(`Only operations made with this tool (${OPERATION_TOOLS.join(", ")}).`)
      .meta({ example: "api" }),
    api_key_id: z
      .uuid({ error: "api_key_id must be an API key id (a UUID)" })
      .optional()
      .describe("Only operations made with this API key.")
      .meta({ example: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }),
    member: z
      .email({ error: "member must be an email address" })
      .max(320, "member must be an email address")
      .optional()
      .describe("Only operations made by this member (their email).")
      .meta({ example: "ana@example.com" }),
    page: page("page").default(1).describe("Page number, from 1 (JSON only).").meta({ example: 1 }),
    per_page: page("per_page", OPERATIONS_PER_PAGE_MAX)
      .default(OPERATIONS_PER_PAGE)
      .describe(`Operations per page, at most ${OPERATIONS_PER_PAGE_MAX} (JSON only).`)
      .meta({ example: OPERATIONS_PER_PAGE }),
    format: z
      .enum(OPERATIONS_FORMATS, { error: "format must be json or csv" })
      .default("json")
      .describe("json: one page; csv: the whole filtered result, newest first, streamed.")
      .meta({ example: "json" }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["from"],
    message: "from must be on or before to",
  })
export type OperationsQuery = z.infer<typeof operationsQuerySchema>

export const operationSchema = z.object({
  id: z.string().describe("The operation's id (a number, as text)."),
  created_at: z.string().describe("When it happened, ISO 8601 in UTC."),
  action: z.string(),
  language: z.string().nullable(),
  tool: z.string(),
  credits: z.number().int().describe("Credits charged."),
  api_key_id: z.string().nullable(),
  api_key_name: z.string().nullable(),
  member_email: z.string().nullable(),
  app_name: z
    .string()
    .nullable()
    .describe("The connected app (Connect) that made it for member_email; null otherwise."),
})
export type Operation = z.infer<typeof operationSchema>

export const operationListSchema = z
  .object({
    operations: z.array(operationSchema),
    total: z.number().int().describe("How many operations match the filters."),
    page: z.number().int(),
    per_page: z.number().int(),
  })
  .meta({
    example: {
      operations: [
        {
          id: "1042",
          created_at: "2026-01-15T09:30:00.000Z",
          action: "culturalize",
          language: "German",
          tool: "api",
          credits: 12,
          api_key_id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          api_key_name: "CI",
          member_email: "ana@example.com",
          app_name: null,
        },
      ],
      total: 1,
      page: 1,
      per_page: 10,
    },
  })
export type OperationList = z.infer<typeof operationListSchema>

export const REQUEST_TEXTS_DAYS = 30

/** Only owners choose whether request texts are kept; every member sees the choice. */
export const canChangeRequestTexts = (role: "owner" | "admin" | "member") => role === "owner"

export const operationTextPairSchema = z.object({
  request: z.string().describe("The text sent."),
  result: z.string().describe("The text returned."),
})

export const operationDetailSchema = operationSchema
  .extend({
    file_id: z.string().nullable().describe("The file id the request named; null when none."),
    characters: z.number().int().nullable().describe("Characters sent; null when not measured."),
    from_memory: z
      .boolean()
      .nullable()
      .describe("Whether the answer came from memory (free); null when not recorded."),
    engine: z.string().nullable().describe("The engine that ran (offline, openai, anthropic)."),
    model: z.string().nullable().describe("The engine's model; null for the offline engine."),
    duration_ms: z.number().int().nullable().describe("How long the request took, in ms."),
    texts: z
      .array(operationTextPairSchema)
      .nullable()
      .describe(
        `The texts sent and returned (one pair per batch item), when the company kept them; null when not kept or older than ${REQUEST_TEXTS_DAYS} days.`,
      ),
    texts_expire_at: z
      .string()
      .nullable()
      .describe("When the kept texts are deleted, ISO 8601 in UTC; null when none are kept."),
  })
  .meta({
    example: {
      id: "1042",
      created_at: "2026-01-15T09:30:00.000Z",
      action: "culturalize",
      language: "German",
      tool: "api",
      credits: 1,
      api_key_id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      api_key_name: "CI",
      member_email: "ana@example.com",
      app_name: null,
      file_id: null,
      characters: 12,
      from_memory: false,
      engine: "openai",
      model: "gpt-4o-mini",
      duration_ms: 840,
      texts: [{ request: "Hello world!", result: "Hallo Welt!" }],
      texts_expire_at: "2026-02-14T09:30:00.000Z",
    },
  })
export type OperationDetail = z.infer<typeof operationDetailSchema>

export const operationIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "id must be an operation id (a whole number)")
    .describe("The operation's id.")
    .meta({ example: "1042" }),
})

export const requestTextsSettingSchema = z
  .object({
    enabled: z
      .boolean()
      .describe(`Whether the texts of new requests are kept for ${REQUEST_TEXTS_DAYS} days.`),
    days: z.number().int().describe("How many days kept texts are kept."),
  })
  .meta({ example: { enabled: false, days: REQUEST_TEXTS_DAYS } })
export type RequestTextsSetting = z.infer<typeof requestTextsSettingSchema>

export const updateRequestTextsSettingSchema = z
  .object({ enabled: z.boolean({ error: "enabled must be true or false" }) })
  .strict()
  .meta({ example: { enabled: true } })

/** The CSV export's header row, in column order. */
export const OPERATIONS_CSV_HEADER = [
  "id",
  "created_at",
  "action",
  "language",
  "tool",
  "credits",
  "api_key",
  "member",
] as const

/** One exported operation, keyed by its CSV column (other keys are ignored); null is empty. */
export type OperationsCsvRow = Record<
  (typeof OPERATIONS_CSV_HEADER)[number],
  string | number | null
>

/**
 * papaparse's own formula pattern ends in `.*$` without the dotall flag, so a cell such as
 * "=1\n2" would slip through; any cell that merely starts with = + - @ (or tab, CR) is escaped.
 */
const FORMULA = /^[=+\-@\t\r]/

/**
 * Operations as CSV lines (CRLF), formula-safe, with the header row only when `header`; each
 * line ends with CRLF so batches can be concatenated. The rows go to papaparse as they are (no
 * copy per row): an export writes a million of them.
 */
export function writeOperationsCsv(rows: OperationsCsvRow[], header: boolean): string {
  if (rows.length === 0) return header ? `${OPERATIONS_CSV_HEADER.join(",")}\r\n` : ""
  const csv = Papa.unparse(rows, {
    columns: [...OPERATIONS_CSV_HEADER],
    header,
    newline: "\r\n",
    escapeFormulae: FORMULA,
  })
  return `${csv}\r\n`
}
