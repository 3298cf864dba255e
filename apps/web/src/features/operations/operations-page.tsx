import { useRef, useState } from "react"
import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { PagePagination } from "@/components/layout/page-pagination"
import { Card, CardContent } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { useOperationsOwner } from "@/hooks/use-operations-owner"

import { useApiKeyOptions, useLanguageOptions } from "./api/get-filter-options"
import { useOperationsList } from "./api/use-operations-list"
import { ExportCsvButton } from "./components/export-csv-button"
import { OperationDetailDialog } from "./components/operation-detail-dialog"
import { OperationsFilters } from "./components/operations-filters"
import { OperationsTable } from "./components/operations-table"
import { FILTER_PARAMS, type OperationsFilters as Filters, readFilters } from "./lib/filters"
import { parsePage, showingText } from "./lib/pagination"

/**
 * Operations (docs/product.md#operations): every operation, 10 a page; the page number and the
 * filters (days, language, tool, API key, member) live in the URL. A company of more than one
 * person also gets a Member column and filter. 'Export CSV' downloads what the filters match.
 * A row opens the operation's detail.
 */
export function OperationsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = readFilters(searchParams)
  const list = useOperationsList(parsePage(searchParams.get("page")), filters)
  const languages = useLanguageOptions(useOperationsOwner().ownerId)
  const apiKeys = useApiKeyOptions()
  const showMembers = list.memberEmails.length > 0
  const [openId, setOpenId] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = (id: string, row: HTMLElement) => {
    opener.current = row
    setOpenId(id)
  }

  // A new filter starts again at page 1.
  const filterBy = (change: Partial<Filters>) =>
    setSearchParams((params) => {
      params.delete("page")
      for (const [key, value] of Object.entries(change) as [keyof Filters, string | null][]) {
        if (value) params.set(FILTER_PARAMS[key], value)
        else params.delete(FILTER_PARAMS[key])
      }
      return params
    })
  const clear = () =>
    setSearchParams((params) => {
      params.delete("page")
      for (const name of Object.values(FILTER_PARAMS)) params.delete(name)
      return params
    })

  const goTo = (page: number) =>
    setSearchParams((params) => {
      if (page <= 1) params.delete("page")
      else params.set("page", String(page))
      return params
    })

  return (
    <>
      <PageHeader title="Operations" />
      <Card>
        <CardContent className="space-y-4">
          <OperationsFilters
            filters={filters}
            languages={languages}
            apiKeys={apiKeys}
            memberEmails={list.memberEmails}
            onChange={filterBy}
            onClear={clear}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {!list.isLoading && list.rows.length > 0 ? (
              <p className="text-sm font-medium">{showingText(list.page, list.total)}</p>
            ) : (
              <span />
            )}
            <ExportCsvButton filters={filters} />
          </div>
          {list.isLoading ? (
            <p role="status" className="py-10 text-center text-sm text-muted-foreground">
              Loading operations...
            </p>
          ) : list.isError ? (
            <ErrorState
              title="The operations could not be loaded."
              error={list.error}
              onRetry={list.retry}
              retrying={list.isFetching}
              className="py-10"
            />
          ) : list.rows.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">No operations found</p>
          ) : (
            <>
              <OperationsTable
                rows={list.rows}
                busy={list.isFetching}
                showMember={showMembers}
                onOpen={open}
              />
              {list.totalPages > 1 && (
                <PagePagination page={list.page} totalPages={list.totalPages} onPageChange={goTo} />
              )}
            </>
          )}
        </CardContent>
      </Card>
      <OperationDetailDialog id={openId} onClose={() => setOpenId(null)} returnFocusTo={opener} />
    </>
  )
}
