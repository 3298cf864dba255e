import { useMutation, useQueryClient } from "@tanstack/react-query"

import { errorMessage } from "@/lib/errors"

import { mapWithLimit } from "../lib/map-with-limit"
import type { ImportPlan, RowError } from "../lib/tm-csv"
import { createTmEntry } from "./create-tm-entry"
import { tmKeys } from "./tm-keys"

/** Requests in flight at once: quick for a few hundred rows, gentle on the server. */
export const IMPORT_CONCURRENCY = 4

export type ImportOutcome = { added: number; failed: RowError[] }

/**
 * Adds an import's entries one POST each, `IMPORT_CONCURRENCY` at a time, reporting progress
 * after each; a refused row is recorded with the server's message and the rest carry on.
 */
export async function importTmEntries(
  entries: ImportPlan["entries"],
  onProgress?: (finished: number) => void,
): Promise<ImportOutcome> {
  const results = await mapWithLimit(
    entries,
    IMPORT_CONCURRENCY,
    ({ entry }) => createTmEntry(entry),
    onProgress,
  )
  const failed: RowError[] = []
  results.forEach((result, index) => {
    if (result.status === "rejected")
      failed.push({ row: entries[index]!.row, message: errorMessage(result.reason) })
  })
  return { added: entries.length - failed.length, failed }
}

export function useImportTmEntries() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      entries,
      onProgress,
    }: {
      entries: ImportPlan["entries"]
      onProgress?: (finished: number) => void
    }) => importTmEntries(entries, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tmKeys.all }),
    meta: { errorTitle: "Error importing entries" },
  })
}
