import { DownloadIcon, LoaderCircleIcon } from "lucide-react"

import { Button } from "@/components/ui/button"

import { useExportOperations } from "../api/export-operations"
import type { OperationsFilters } from "../lib/filters"

/** 'Export CSV': every operation the filters match, as the server writes it. */
export function ExportCsvButton({ filters }: { filters: OperationsFilters }) {
  const download = useExportOperations()
  return (
    <Button
      variant="outline"
      disabled={download.isPending}
      aria-busy={download.isPending || undefined}
      onClick={() => download.mutate(filters)}
    >
      {download.isPending ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {download.isPending ? "Exporting..." : "Export CSV"}
    </Button>
  )
}
