import { useMutation } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"
import { saveFile } from "@/lib/save-file"
import { browserTimeZone } from "@/lib/time-zone"

import { exportFileName, exportQuery, type OperationsFilters } from "../lib/filters"

/**
 * GET /operations?format=csv: the whole filtered result, written by the server (the table's
 * days are the browser's, so its time zone goes along), saved as a file.
 */
export async function exportOperations(filters: OperationsFilters) {
  const { data } = await nativ().GET("/operations", {
    params: { query: exportQuery(filters, browserTimeZone()) },
    parseAs: "blob",
  })
  saveFile(exportFileName(filters), data!)
}

export function useExportOperations() {
  return useMutation({
    mutationFn: exportOperations,
    meta: { errorTitle: "Error exporting operations" },
  })
}
