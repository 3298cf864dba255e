import { DownloadIcon, LoaderCircleIcon } from "lucide-react"

import { Button } from "@/components/ui/button"

import { useExportActivity } from "../api/activity-log"
import type { ActivityFilters } from "../lib/activity-filters"

/** 'Export CSV': every event the filters match, not only the pages loaded. */
export function ActivityExportButton({ filters }: { filters: ActivityFilters }) {
  const download = useExportActivity()
  return (
    <Button
      variant="outline"
      size="sm"
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
