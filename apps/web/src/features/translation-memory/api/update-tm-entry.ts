import { successSchema, type TmEntry, type TmList, tmEntrySchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { tmKeys } from "./tm-keys"

const updatedSchema = successSchema.extend({ entry: tmEntrySchema })

/** PATCH /master-tm/entries/{id}: a new translation, switched on or off, or both. */
export const updateTmEntry = (
  id: string,
  change: Partial<Pick<TmEntry, "target_text" | "enabled">>,
) => api.patch(`/master-tm/entries/${encodeURIComponent(id)}`, change, updatedSchema)

export function useEditTranslation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, targetText }: { id: string; targetText: string }) =>
      updateTmEntry(id, { target_text: targetText }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tmKeys.all }),
    meta: { errorTitle: "Error updating entry" },
  })
}

type Toggle = { id: string; enabled: boolean }

const withEnabled =
  ({ id, enabled }: Toggle) =>
  (list: TmList | undefined) =>
    list && {
      ...list,
      entries: list.entries.map((entry) => (entry.id === id ? { ...entry, enabled } : entry)),
    }

/**
 * Switches an entry on or off at once on every cached page; if the server refuses, the pages go
 * back to what they were (the error sink says why). Lists and stats are read again either way.
 */
export function useToggleTmEntry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, enabled }: Toggle) => updateTmEntry(id, { enabled }),
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: tmKeys.lists() })
      const previous = queryClient.getQueriesData<TmList>({ queryKey: tmKeys.lists() })
      queryClient.setQueriesData<TmList>({ queryKey: tmKeys.lists() }, withEnabled(toggle))
      return { previous }
    },
    onError: (_error, _toggle, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tmKeys.all }),
    meta: { errorTitle: "Error updating entry" },
  })
}
