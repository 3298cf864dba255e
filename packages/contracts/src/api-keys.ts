import { z } from "zod"

import { refuseUnstorable } from "./storable"

export const API_KEY_NAME_MAX = 100
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const
export const API_KEY_CAP_MAX = 1_000_000_000

const CAP_RANGE = `a whole number of credits from 1 to ${API_KEY_CAP_MAX.toLocaleString("en-US")}, or null for no cap`

/** The most credits a key may spend per calendar month (UTC); null for no cap. */
export const monthlyCreditCapSchema = z
  .number({ error: `monthly_credit_cap must be ${CAP_RANGE}` })
  .int(`monthly_credit_cap must be ${CAP_RANGE}`)
  .min(1, `monthly_credit_cap must be ${CAP_RANGE}`)
  .max(API_KEY_CAP_MAX, `monthly_credit_cap must be ${CAP_RANGE}`)
  .nullable()
  .describe(
    "The most credits the key may spend per calendar month (UTC). A request with a key that has reached it is refused with 402 `key_cap_reached`. Null for no cap.",
  )

export const createApiKeyInputSchema = z
  .object({
    name: z
      .string({ error: "Please enter a name for the API key" })
      .trim()
      .min(1, "Please enter a name for the API key")
      .max(API_KEY_NAME_MAX, `The name can be at most ${API_KEY_NAME_MAX} characters`),
    expiry_days: z
      .union(
        API_KEY_EXPIRY_DAYS.map((d) => z.literal(d)) as [
          z.ZodLiteral<7>,
          z.ZodLiteral<30>,
          z.ZodLiteral<90>,
          z.ZodLiteral<365>,
        ],
        {
          error:
            "expiry_days must be one of 7, 30, 90 or 365 (omit it for a key that never expires)",
        },
      )
      .nullish(),
    monthly_credit_cap: monthlyCreditCapSchema.optional(),
  })
  .superRefine(refuseUnstorable)
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>

export const updateApiKeyInputSchema = z.object({
  monthly_credit_cap: monthlyCreditCapSchema,
})
export type UpdateApiKeyInput = z.infer<typeof updateApiKeyInputSchema>

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key_preview: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  expiry_date: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_by: z
    .string()
    .nullable()
    .describe("The email of the member who created the key (null for keys made before teams)."),
  monthly_credit_cap: z
    .number()
    .nullable()
    .describe("The key's monthly credit cap; null for none."),
  credits_used_this_month: z
    .number()
    .describe("Credits charged to requests made with the key this calendar month (UTC)."),
})
export type ApiKey = z.infer<typeof apiKeySchema>

export const apiKeyListSchema = z.object({ api_keys: z.array(apiKeySchema) })
export type ApiKeyList = z.infer<typeof apiKeyListSchema>

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe("The full secret. Returned only once, when the key is created."),
})
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>
