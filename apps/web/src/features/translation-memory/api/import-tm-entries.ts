import type { TmBulkUploadFields } from "@nativ/client"
import { type TmBulkUploadResult, tmBulkUploadResultSchema } from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"

import { tmKeys } from "./tm-keys"

export type ImportOutcome = TmBulkUploadResult

/**
 * Sends the whole file to POST /master-tm/bulk-upload in one request. The server adds only the
 * entries it lacks (same source, languages and target are skipped), so importing a file twice
 * adds nothing the second time; refused rows come back in `errors`.
 */
export async function importTmFile(file: File, fields: TmBulkUploadFields): Promise<ImportOutcome> {
  return tmBulkUploadResultSchema.parse(await nativ().bulkUploadTm(file, fields))
}

export function useImportTmEntries() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: TmBulkUploadFields }) =>
      importTmFile(file, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tmKeys.all }),
    meta: { errorTitle: "Error importing entries" },
  })
}
