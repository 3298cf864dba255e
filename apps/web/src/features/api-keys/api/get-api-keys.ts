import { apiKeyListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { apiKeyKeys } from "./api-key-keys"

export function apiKeysQuery() {
  return queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: async () => (await api.get("/api-keys", apiKeyListSchema)).api_keys,
    meta: { errorTitle: "Error fetching API keys" },
  })
}

export const useApiKeys = () => useQuery(apiKeysQuery())
