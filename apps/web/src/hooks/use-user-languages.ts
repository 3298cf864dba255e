import { languageListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

/**
 * The account's target languages from the product API. Settings manages them and the Playground
 * picks from them; one query key means a change in one refreshes the other.
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
