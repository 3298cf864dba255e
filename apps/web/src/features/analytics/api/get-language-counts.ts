import { queryOptions } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { type LanguageCount, TOP_LANGUAGES } from "../lib/donut"
import { analyticsKeys } from "./analytics-keys"

/**
 * Operations per language, counted in SQL (`operation_language_counts`): the top languages and an
 * 'Other' row for the rest, so the browser never downloads an account's operations.
 */
export async function getLanguageCounts(): Promise<LanguageCount[]> {
  const { data, error } = await supabase().rpc("operation_language_counts", {
    top_n: TOP_LANGUAGES,
  })
  if (error) throw error
  return data ?? []
}

export function languageCountsQuery(endUserId: string | null | undefined) {
  return queryOptions({
    queryKey: analyticsKeys.languages(endUserId ?? ""),
    queryFn: getLanguageCounts,
    enabled: Boolean(endUserId),
    meta: { errorTitle: "Failed to fetch analytics data" },
  })
}
