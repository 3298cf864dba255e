import { glossaryListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { glossaryKeys } from "./glossary-keys"

/** GET /glossaries: every stored glossary of the company, by name. */
export function glossariesQuery() {
  return queryOptions({
    queryKey: glossaryKeys.list(),
    queryFn: async () => (await api.get("/glossaries", glossaryListSchema)).glossaries,
    meta: { errorTitle: "Error fetching glossaries" },
  })
}

export const useGlossaries = () => useQuery(glossariesQuery())
