import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

import { glossaryKeys } from "./glossary-keys"

/** DELETE /glossaries/{id}: culturalizations naming it are refused from then on (404). */
export const deleteGlossary = (id: string) => api.delete(`/glossaries/${encodeURIComponent(id)}`)

export function useDeleteGlossary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteGlossary,
    onSuccess: () => {
      toast.success("Glossary deleted")
      return queryClient.invalidateQueries({ queryKey: glossaryKeys.all })
    },
    meta: { errorTitle: "Error deleting glossary" },
  })
}
