import { glossarySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { glossaryKeys } from "./glossary-keys"

type Change = { name: string; language_code: string }

/** PATCH /glossaries/{id}: a new name or language; the entries stay as they are. */
export const updateGlossary = (id: string, change: Change) =>
  api.patch(`/glossaries/${encodeURIComponent(id)}`, change, glossarySchema)

export function useUpdateGlossary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: Change }) => updateGlossary(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
    meta: { errorTitle: "Error updating glossary" },
  })
}
