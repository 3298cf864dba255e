import { z } from "zod"

import { FORMALITY_LEVELS, formalitySchema } from "./formality"
import { refuseUnstorable } from "./storable"

export const LANGUAGE_CODE_MAX = 5
export const CUSTOM_STYLE_MAX = 2_000

export const languageSchema = z.object({
  id: z.string(),
  language: z.string(),
  language_code: z.string(),
  formality: z
    .enum(FORMALITY_LEVELS)
    .nullable()
    .default(null)
    .describe("The tone culturalizations into this language take unless a request says otherwise."),
  custom_style: z
    .string()
    .nullable()
    .default(null)
    .describe("Style directions for this language, added to every culturalization into it."),
})
export type Language = z.infer<typeof languageSchema>

export const languageListSchema = z.object({ languages: z.array(languageSchema) }).meta({
  example: {
    languages: [
      {
        id: "0c7d3f9e-2b1a-4e5f-8d6c-9a0b1c2d3e4f",
        language: "German",
        language_code: "DE",
        formality: "informal",
        custom_style: "Use the informal du; keep English product names.",
      },
    ],
  },
})
export type LanguageList = z.infer<typeof languageListSchema>

export const languageFormalityUpdateSchema = z
  .object({ formality: formalitySchema.nullable() })
  .superRefine(refuseUnstorable)
  .meta({ example: { formality: "informal" } })

export const languageCustomStyleUpdateSchema = z
  .object({
    custom_style: z
      .string({ error: "custom_style must be text or null" })
      .trim()
      .max(
        CUSTOM_STYLE_MAX,
        `custom_style can be at most ${CUSTOM_STYLE_MAX.toLocaleString("en-US")} characters`,
      )
      .nullable()
      .transform((value) => value || null)
      .meta({ example: "Use the informal du; keep English product names." }),
  })
  .superRefine(refuseUnstorable)
  .meta({ example: { custom_style: "Use the informal du; keep English product names." } })

export const successSchema = z
  .object({ success: z.literal(true) })
  .meta({ example: { success: true } })
