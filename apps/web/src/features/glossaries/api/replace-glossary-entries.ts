import { type GlossaryEntry, glossarySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"

import { glossaryKeys } from "./glossary-keys"

/** PUT /glossaries/{id}/entries: every entry replaced at once (the path helper has no PUT). */
export async function replaceGlossaryEntries(id: string, entries: GlossaryEntry[]) {
  const { data } = await nativ().PUT("/glossaries/{id}/entries", {
    params: { path: { id } },
    body: { entries },
  })
  return glossarySchema.parse(data)
}

export function useReplaceGlossaryEntries() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, entries }: { id: string; entries: GlossaryEntry[] }) =>
      replaceGlossaryEntries(id, entries),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
    meta: { errorTitle: "Error replacing entries" },
  })
}
