import { apiKeySchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"
import { z } from "zod"

import { useUserLanguages } from "@/hooks/use-user-languages"
import { api } from "@/lib/api-client"
import { supabase } from "@/lib/supabase"

import { operationKeys } from "./operation-keys"

/** Languages the company's operations have used, from the per-language rollup (no scan). */
async function getOperationLanguages(companyId: string) {
  const { data, error } = await supabase()
    .from("operation_language_stats")
    .select("language")
    .eq("user_id", companyId)
  if (error) throw error
  return (data ?? []).map((row) => row.language)
}

function operationLanguagesQuery(companyId: string | null | undefined) {
  return queryOptions({
    queryKey: operationKeys.languages(companyId ?? ""),
    queryFn: () => getOperationLanguages(companyId as string),
    enabled: Boolean(companyId),
    meta: { errorTitle: "Error fetching languages" },
  })
}

/** The Language filter's choices: the company's languages and any its operations used, A–Z. */
export function useLanguageOptions(companyId: string | null | undefined) {
  const used = useQuery(operationLanguagesQuery(companyId))
  const configured = useUserLanguages()
  const names = new Set([
    ...(used.data ?? []),
    ...(configured.data ?? []).map((language) => language.language),
  ])
  return [...names].sort((a, b) => a.localeCompare(b))
}

// The filter needs only each key's id and name, whatever else the list carries.
const keyNamesSchema = z.object({ api_keys: z.array(apiKeySchema.pick({ id: true, name: true })) })

/** The API key filter's choices: the company's keys (GET /api-keys), by name. */
export function useApiKeyOptions() {
  const keys = useQuery(
    queryOptions({
      queryKey: ["operations", "api-keys"],
      queryFn: async () => (await api.get("/api-keys", keyNamesSchema)).api_keys,
      meta: { errorTitle: "Error fetching API keys" },
    }),
  )
  return (keys.data ?? []).map(({ id, name }) => ({ id, name }))
}
