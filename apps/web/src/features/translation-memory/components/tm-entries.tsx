import { DatabaseIcon, PlusIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { ErrorState } from "@/components/ui/error-state"
import { Skeleton } from "@/components/ui/skeleton"

import { useTmEntries } from "../api/get-tm-entries"
import { hasFilters, pageCount, showingText, type TmFilters } from "../lib/tm-filters"
import { AddEntryDialog } from "./add-entry-dialog"
import { PagePagination } from "@/components/layout/page-pagination"
import { TmTable } from "./tm-table"

/** The table of entries with its loading, error, empty and no-match states and the pager. */
export function TmEntries({
  filters,
  page,
  onPageChange,
  onClearFilters,
}: {
  filters: TmFilters
  page: number
  onPageChange: (page: number) => void
  onClearFilters: () => void
}) {
  const list = useTmEntries(filters, page)
  const total = list.data?.total ?? 0
  const totalPages = pageCount(total)

  // A page past the end (the last entries deleted, an old link) shows the last page instead.
  const pastEnd = Boolean(list.data && !list.isPlaceholderData && page > totalPages)
  React.useEffect(() => {
    if (pastEnd) onPageChange(totalPages)
  }, [pastEnd, totalPages, onPageChange])

  if (list.isPending) return <LoadingRows />
  // A failed background refresh keeps the rows on screen; the error sink has said what failed.
  if (!list.data)
    return (
      <ErrorState
        title="The translation memory could not be loaded."
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        className="py-10"
      />
    )
  if (total === 0)
    return hasFilters(filters) ? (
      <div className="grid justify-items-center gap-2 py-10 text-center">
        <p className="font-medium">No entries match these filters</p>
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="grid justify-items-center gap-1 py-10 text-center">
        <DatabaseIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No entries yet</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Add a text and its approved translation, import a CSV file, or rate a result Good in the
          Playground.
        </p>
        <AddEntryDialog
          trigger={
            <Button className="mt-3">
              <PlusIcon aria-hidden="true" />
              Add entry
            </Button>
          }
        />
      </div>
    )

  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium">{showingText(Math.min(page, totalPages), total)}</p>
      <TmTable entries={list.data.entries} busy={list.isFetching} />
      {totalPages > 1 && (
        <PagePagination
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onPageChange={onPageChange}
        />
      )}
    </div>
  )
}

function LoadingRows() {
  return (
    <div role="status" className="grid gap-3 py-2">
      <span className="sr-only">Loading entries...</span>
      <Skeleton className="h-5 w-48" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
