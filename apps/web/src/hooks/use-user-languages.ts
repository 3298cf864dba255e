import {
  LANGUAGE_CODE_MAX,
  type Language,
  languageListSchema,
  successSchema,
} from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"
import { z } from "zod"

import { api } from "@/lib/api-client"
import { supabase } from "@/lib/supabase"

/*
 * The account's target languages, read and written only through the hooks below: Settings manages
 * them and the Playground picks from them. They are read from the product API (which orders them)
 * and written through REST, where row-level security keeps each row to its owner; every write
 * refreshes the one query key, so both screens always agree.
 */
export const userLanguageKeys = { all: ["user-languages"] as const }

export function userLanguagesQuery() {
  return queryOptions({
    queryKey: userLanguageKeys.all,
    queryFn: async () => (await api.get("/user/languages", languageListSchema)).languages,
    meta: { errorTitle: "Error fetching languages" },
  })
}

export const useUserLanguages = () => useQuery(userLanguagesQuery())

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

/** Adds a language; on success the list is read again. */
export function useAddLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userLanguageKeys.all }),
    meta: { errorTitle: "Error adding language" },
  })
}

export async function deleteLanguage(id: string) {
  const { error } = await supabase().from("user_languages_mapping").delete().eq("id", id)
  if (error) throw error
}

export function useDeleteLanguage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLanguage,
    onSuccess: () => {
      toast.success("Success", { description: "Language deleted successfully" })
      return queryClient.invalidateQueries({ queryKey: userLanguageKeys.all })
    },
    meta: { errorTitle: "Error deleting language" },
  })
}

export type LanguageSettings = Pick<Language, "formality" | "custom_style">

const languagePath = (id: string, setting: "formality" | "custom-style") =>
  `/user/languages/${encodeURIComponent(id)}/${setting}`

/**
 * Saves what changed of a language's formality and custom style (owners and admins; the server
 * refuses others with 403). Each setting has its own PATCH, so an unchanged one is not sent.
 */
export async function saveLanguageSettings({
  language,
  next,
}: {
  language: Language
  next: LanguageSettings
}) {
  const customStyle = next.custom_style?.trim() || null
  if (next.formality !== language.formality)
    await api.patch(
      languagePath(language.id, "formality"),
      { formality: next.formality },
      successSchema,
    )
  if (customStyle !== language.custom_style)
    await api.patch(
      languagePath(language.id, "custom-style"),
      { custom_style: customStyle },
      successSchema,
    )
}

/** Saves a language's settings; on success the list is read again (the Playground's too). */
export function useSaveLanguageSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveLanguageSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userLanguageKeys.all }),
    meta: { errorTitle: "Error updating language" },
  })
}
