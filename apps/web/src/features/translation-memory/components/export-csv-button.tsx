import { DownloadIcon } from "lucide-react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"

import { useExportTmEntries } from "../api/export-tm-entries"
import type { TmFilters } from "../lib/tm-filters"

/** 'Export CSV': every entry matching the current filters, not just the page on screen. */
export function ExportCsvButton({ filters }: { filters: TmFilters }) {
  const exporter = useExportTmEntries()
  return (
    <Button
      variant="outline"
      disabled={exporter.isPending}
      onClick={() =>
        exporter.mutate(filters, {
          onSuccess: (count) =>
            toast.success("Export ready", {
              description: `${count === 1 ? "1 entry" : `${count} entries`} saved as CSV`,
            }),
        })
      }
    >
      <DownloadIcon aria-hidden="true" />
      {exporter.isPending ? "Exporting..." : "Export CSV"}
    </Button>
  )
}
