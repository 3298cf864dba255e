import { useEndUser } from "@/hooks/use-end-user"
import { useOperationsCount } from "./get-operations-count"
import { useOperationsPage } from "./get-operations-page"
import { pageCount } from "../lib/pagination"

/**
 * The Operations table's data: the end user matched by `email`, their exact operation count, and
 * the requested page (clamped to the last page once the count is known) fetched with `.range()`.
 */
export function useOperationsList(email: string | undefined, requestedPage: number) {
  const endUser = useEndUser(email)
  const endUserId = endUser.data
  const count = useOperationsCount(endUserId)
  const total = count.data
  const totalPages = pageCount(total ?? 0)
  const page = Math.min(requestedPage, totalPages)
  const rows = useOperationsPage(total ? endUserId : null, page)

  const isLoading =
    (Boolean(email) && endUser.isPending) ||
    (Boolean(endUserId) && count.isPending) ||
    (Boolean(total) && rows.isPending)
  const isError = endUser.isError || count.isError || rows.isError

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
