import { glossaryEntryListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { glossaryKeys } from "./glossary-keys"

/** GET /glossaries/{id}/entries: the entries as {source, target} pairs. */
export const getGlossaryEntries = async (id: string) =>
  (await api.get(`/glossaries/${encodeURIComponent(id)}/entries`, glossaryEntryListSchema)).entries

export function glossaryEntriesQuery(id: string) {
  return queryOptions({
    queryKey: glossaryKeys.entries(id),
    queryFn: () => getGlossaryEntries(id),
    // The editor starts from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
    meta: { errorTitle: "Error fetching entries" },
  })
}

export const useGlossaryEntries = (id: string) => useQuery(glossaryEntriesQuery(id))
