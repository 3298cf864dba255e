import { PlusIcon } from "lucide-react"
import * as React from "react"
import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardHeader } from "@/components/ui/card"

import { AddEntryDialog } from "./components/add-entry-dialog"
import { ExportButton } from "./components/export-button"
import { ImportCsvDialog } from "./components/import-csv-dialog"
import { TmEntries } from "./components/tm-entries"
import { TmFiltersBar } from "./components/tm-filters-bar"
import { TmStats } from "./components/tm-stats"
import {
  NO_FILTERS,
  parsePage,
  readTmFilters,
  type TmFilters,
  writeTmFilters,
} from "./lib/tm-filters"

/**
 * Translation Memory: the company's approved text pairs, with totals, a filtered and paged table
 * (filters and page in the address), adding, editing, switching off, deleting, CSV import, and
 * CSV and TMX export.
 */
export function TranslationMemoryPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = readTmFilters(searchParams)
  const page = parsePage(searchParams.get("page"))

  // Typing a search replaces the address rather than piling up history entries.
  const filterBy = React.useCallback(
    (change: Partial<TmFilters>) =>
      setSearchParams((params) => writeTmFilters(params, change), {
        replace: Object.keys(change).join() === "search",
      }),
    [setSearchParams],
  )
  const goTo = React.useCallback(
    (next: number) =>
      setSearchParams((params) => {
        if (next <= 1) params.delete("page")
        else params.set("page", String(next))
        return params
      }),
    [setSearchParams],
  )

  return (
    <>
      <PageHeader
        title="Translation Memory"
        description="Approved translations, reused in every culturalization so a text you know is always translated the same way. A Good rating in the Playground adds one."
      />
      <div className="grid gap-6">
        <TmStats />
        <Card>
          {/* Actions above the filters, so the filters keep the card's whole width. */}
          <CardHeader className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <AddEntryDialog
                trigger={
                  <Button>
                    <PlusIcon aria-hidden="true" />
                    Add entry
                  </Button>
                }
              />
              <ImportCsvDialog />
              <ExportButton filters={filters} format="csv" />
              <ExportButton filters={filters} format="tmx" />
            </div>
            <TmFiltersBar filters={filters} onChange={filterBy} />
          </CardHeader>
          <CardContent>
            <TmEntries
              filters={filters}
              page={page}
              onPageChange={goTo}
              onClearFilters={() => filterBy(NO_FILTERS)}
            />
          </CardContent>
        </Card>
      </div>
    </>
  )
}
