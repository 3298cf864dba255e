import {
  type Glossary,
  type GlossaryEntry,
  glossaryListSchema,
  glossarySchema,
} from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

// The Glossaries page keeps the same list under this key, so a glossary saved here shows there.
const listKey = ["glossaries", "list"] as const

/** GET /glossaries for the 'Saved glossary' select; a failure is only logged (it offers None). */
export function savedGlossariesQuery() {
  return queryOptions({
    queryKey: listKey,
    queryFn: async () => (await api.get("/glossaries", glossaryListSchema)).glossaries,
  })
}

export const useSavedGlossaries = () => useQuery(savedGlossariesQuery())

export type NewGlossary = { name: string; language_code: string; entries: GlossaryEntry[] }

/**
 * POST /glossaries; the new glossary joins the cached list at once so it can be selected. The
 * 'Save as glossary' dialog says a failure beside its name field, so no toast is named here.
 */
export function useSaveGlossary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (glossary: NewGlossary) => api.post("/glossaries", glossary, glossarySchema),
    onSuccess: (saved) => {
      queryClient.setQueryData<Glossary[]>(listKey, (list) => [...(list ?? []), saved])
      return queryClient.invalidateQueries({ queryKey: ["glossaries"] })
    },
  })
}
