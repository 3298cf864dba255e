import { z } from "zod"

export const LANGUAGE_CODE_MAX = 5

export const languageSchema = z.object({
  id: z.string(),
  language: z.string(),
  language_code: z.string(),
})
export type Language = z.infer<typeof languageSchema>

export const languageListSchema = z.object({ languages: z.array(languageSchema) })
export type LanguageList = z.infer<typeof languageListSchema>
