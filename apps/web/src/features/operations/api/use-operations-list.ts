import { useCompanyMembers } from "@/hooks/use-company-members"
import { useOperationsOwner } from "@/hooks/use-operations-owner"
import { useRetryFailed } from "@/hooks/use-retry-failed"

import type { OperationsFilters } from "../lib/filters"
import { pageCount } from "../lib/pagination"
import { useOperationsCount } from "./get-operations-count"
import { useOperationsPage } from "./get-operations-page"

/**
 * The Operations table's data: the company matched by the signed-in email, the exact count of
 * its operations (those matching `filters`), and the requested page (clamped to
 * the last page once the count is known) fetched with `.range()`. With more than one member in
 * the company, rows say who made them and the page offers the member filter.
 */
export function useOperationsList(requestedPage: number, filters: OperationsFilters) {
  const owner = useOperationsOwner()
  const members = useCompanyMembers()
  const companyId = owner.ownerId
  const scope = companyId ? { companyId, ...filters } : null
  const count = useOperationsCount(scope)
  const total = count.data
  const totalPages = pageCount(total ?? 0)
  const page = Math.min(requestedPage, totalPages)
  const memberEmails = (members.data ?? []).map((m) => m.email)
  const withMember = memberEmails.length > 1
  const rows = useOperationsPage(total ? scope : null, page, withMember)

  const isLoading =
    owner.pending || (Boolean(companyId) && count.isPending) || (Boolean(total) && rows.isPending)
  const isError = owner.error || count.isError || rows.isError
  const retry = useRetryFailed()

  return {
    isLoading,
    isError,
    error: count.error ?? rows.error ?? undefined,
    /** Reads again whatever failed on this screen (the company, the count or the page). */
    retry,
    isFetching: rows.isFetching || count.isFetching,
    total: total ?? 0,
    page,
    totalPages,
    rows: total && !rows.isError ? (rows.data ?? []) : [],
    /** The company's members' emails when there is more than one, else empty. */
    memberEmails: withMember ? memberEmails : [],
  }
}
