import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Card, CardContent } from "@/components/ui/card"

import { useOperationsList } from "./api/use-operations-list"
import { OperationsPagination } from "./components/operations-pagination"
import { OperationsTable } from "./components/operations-table"
import { parsePage, showingText } from "./lib/pagination"

/** Operations (docs/product.md#operations): every operation, 10 a page; the page number lives in `?page=`. */
export function OperationsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const list = useOperationsList(parsePage(searchParams.get("page")))

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
          {!list.isLoading && list.rows.length > 0 && (
            <p className="text-sm font-medium">{showingText(list.page, list.total)}</p>
          )}
          {list.isLoading ? (
            <p role="status" className="py-10 text-center text-sm text-muted-foreground">
              Loading operations...
            </p>
          ) : list.rows.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">No operations found</p>
          ) : (
            <>
              <OperationsTable rows={list.rows} busy={list.isFetching} />
              {list.totalPages > 1 && (
                <OperationsPagination
                  page={list.page}
                  totalPages={list.totalPages}
                  onPageChange={goTo}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </>
  )
}
