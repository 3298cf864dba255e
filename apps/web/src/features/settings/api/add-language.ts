import { LANGUAGE_CODE_MAX } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { z } from "zod"

import { supabase } from "@/lib/supabase"

import { userLanguageKeys } from "@/hooks/use-user-languages"

export const VALIDATION_MESSAGE = "Please fill in both language name and code"

/** Both trimmed and non-empty; the code upper-case and at most 5 characters. */
export const addLanguageInputSchema = z.object({
  userId: z.string().min(1, VALIDATION_MESSAGE),
  language: z.string().trim().min(1, VALIDATION_MESSAGE),
  languageCode: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGE)
    .max(LANGUAGE_CODE_MAX, `The code can be at most ${LANGUAGE_CODE_MAX} characters`)
    .transform((code) => code.toUpperCase()),
})
export type AddLanguageInput = z.output<typeof addLanguageInputSchema>

/** Unique violation (one code per account): say which code, not what the database said. */
const UNIQUE_VIOLATION = "23505"

export async function addLanguage({ userId, language, languageCode }: AddLanguageInput) {
  const { error } = await supabase()
    .from("user_languages_mapping")
    .insert({ user_id: userId, language, language_code: languageCode })
  if (error?.code === UNIQUE_VIOLATION) throw new Error(`${languageCode} is already in your list`)
  if (error) throw error
}

export function useAddLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userLanguageKeys.all }),
    meta: { errorTitle: "Error adding language" },
  })
}
