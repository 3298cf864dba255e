import { DownloadIcon } from "lucide-react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"

import {
  TM_EXPORT_FORMATS,
  type TmExportFormat,
  useExportTmEntries,
} from "../api/export-tm-entries"
import type { TmFilters } from "../lib/tm-filters"

/**
 * 'Export CSV' / 'Export TMX': every entry matching the current filters, not just the page on
 * screen.
 */
export function ExportButton({ filters, format }: { filters: TmFilters; format: TmExportFormat }) {
  const exporter = useExportTmEntries(format)
  const { label } = TM_EXPORT_FORMATS[format]
  return (
    <Button
      variant="outline"
      disabled={exporter.isPending}
      onClick={() =>
        exporter.mutate(filters, {
          onSuccess: (count) =>
            toast.success("Export ready", {
              description: `${count === 1 ? "1 entry" : `${count} entries`} saved as ${label}`,
            }),
        })
      }
    >
      <DownloadIcon aria-hidden="true" />
      {exporter.isPending ? "Exporting..." : `Export ${label}`}
    </Button>
  )
}
