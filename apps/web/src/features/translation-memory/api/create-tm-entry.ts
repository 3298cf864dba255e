import { tmEntrySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import type { NewTmEntry } from "../lib/new-entry"
import { tmKeys } from "./tm-keys"

/** POST /master-tm/entries: 201 with the stored entry. */
export const createTmEntry = (entry: NewTmEntry) =>
  api.post("/master-tm/entries", entry, tmEntrySchema)

export function useCreateTmEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTmEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tmKeys.all }),
    meta: { errorTitle: "Error adding entry" },
  })
}
