import { z } from "zod"

/**
 * Usage (GET /api/v1/usage, /api/v1/usage/balance): operations and credits over a range of
 * calendar days in a time zone, in total and grouped by one dimension.
 */

/** The longest explicit range, in days (from and to inclusive). */
export const USAGE_MAX_RANGE_DAYS = 400

export const USAGE_GROUP_BY = ["day", "language", "tool", "api_key", "member"] as const
export type UsageGroupBy = (typeof USAGE_GROUP_BY)[number]

export const isoDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, `${name} is not a calendar date`)
    // PostgreSQL has no year 0000, and nothing happened on Nativ before 1970.
    .refine((value) => value >= "1970-01-01", `${name} must be 1970-01-01 or later`)

export const usageQuerySchema = z.object({
  from: isoDate("from")
    .optional()
    .describe(
      "First day, inclusive (YYYY-MM-DD, in time_zone). Omitted: the day of the company's first operation (all time).",
    )
    .meta({ example: "2026-01-01" }),
  to: isoDate("to")
    .optional()
    .describe("Last day, inclusive (YYYY-MM-DD, in time_zone). Omitted: today.")
    .meta({ example: "2026-01-31" }),
  group_by: z
    .enum(USAGE_GROUP_BY, {
      error: `group_by must be one of ${USAGE_GROUP_BY.join(", ")}`,
    })
    .default("day")
    .describe("One row per day (default), language, tool, API key or member.")
    .meta({ example: "language" }),
  time_zone: z
    .string()
    .max(64, "time_zone must be an IANA time zone such as Europe/Paris")
    .optional()
    .describe("IANA time zone the days are counted in (default UTC).")
    .meta({ example: "Europe/Paris" }),
})
export type UsageQuery = z.infer<typeof usageQuerySchema>

export const usageAmountsSchema = z.object({
  operations: z.number().int(),
  credits: z.number().int(),
})

export const usageRowSchema = usageAmountsSchema.extend({
  key: z
    .string()
    .describe(
      "The group: a day (YYYY-MM-DD), a language, a tool, an API key id or a member's email; '' for operations without one.",
    ),
  label: z.string().describe("What to show for the key (an API key's name, 'No API key', …)."),
})
export type UsageRow = z.infer<typeof usageRowSchema>

/** The label of the key '' (operations without a value), per group. */
export const USAGE_NO_VALUE_LABEL = {
  language: "No language",
  tool: "No tool",
  api_key: "No API key",
  member: "Unknown member",
} as const

export const usageSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    group_by: z.enum(USAGE_GROUP_BY),
    time_zone: z.string(),
    total: usageAmountsSchema,
    rows: z.array(usageRowSchema),
  })
  .meta({
    example: {
      from: "2026-01-01",
      to: "2026-01-31",
      group_by: "language",
      time_zone: "Europe/Paris",
      total: { operations: 1250, credits: 18400 },
      rows: [
        { key: "German", label: "German", operations: 700, credits: 11200 },
        { key: "French", label: "French", operations: 480, credits: 7200 },
        { key: "", label: "No language", operations: 70, credits: 0 },
      ],
    },
  })
export type Usage = z.infer<typeof usageSchema>

export const usageBalanceSchema = z
  .object({
    credits: z.number().int().describe("The company's balance."),
    spent_this_month: z
      .number()
      .int()
      .describe("Credits charged since the first day of this calendar month (UTC)."),
  })
  .meta({ example: { credits: 48250, spent_this_month: 1750 } })
export type UsageBalance = z.infer<typeof usageBalanceSchema>
