import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { api } from "@/lib/api-client"

import { tmKeys } from "./tm-keys"

/** DELETE /master-tm/entries/{id}: culturalizations stop using the entry at once. */
export const deleteTmEntry = (id: string) =>
  api.delete(`/master-tm/entries/${encodeURIComponent(id)}`)

export function useDeleteTmEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTmEntry,
    onSuccess: () => {
      toast.success("Entry deleted")
      return queryClient.invalidateQueries({ queryKey: tmKeys.all })
    },
    meta: { errorTitle: "Error deleting entry" },
  })
}
