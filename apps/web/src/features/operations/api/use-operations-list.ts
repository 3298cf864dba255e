import { useOperationsOwner } from "@/hooks/use-operations-owner"

import { pageCount } from "../lib/pagination"
import { useOperationsCount } from "./get-operations-count"
import { useOperationsPage } from "./get-operations-page"

/**
 * The Operations table's data: the signed-in email's end user, their exact operation count, and
 * the requested page (clamped to the last page once the count is known) fetched with `.range()`.
 */
export function useOperationsList(requestedPage: number) {
  const owner = useOperationsOwner("operations")
  const endUserId = owner.ownerId
  const count = useOperationsCount(endUserId)
  const total = count.data
  const totalPages = pageCount(total ?? 0)
  const page = Math.min(requestedPage, totalPages)
  const rows = useOperationsPage(total ? endUserId : null, page)

  const isLoading =
    owner.pending || (Boolean(endUserId) && count.isPending) || (Boolean(total) && rows.isPending)
  const isError = owner.error || count.isError || rows.isError

  return {
    isLoading,
    isError,
    isFetching: rows.isFetching,
    total: total ?? 0,
    page,
    totalPages,
    rows: total && !rows.isError ? (rows.data ?? []) : [],
  }
}
