import { useQuery } from "@tanstack/react-query"

import { useOperationsOwner } from "@/hooks/use-operations-owner"

import type { Breakdown } from "../lib/breakdown"
import { ALL_TIME, type DayRange } from "../lib/date-range"
import { usageQuery } from "./get-usage"

/**
 * Operations and credits over the range, in total and by `breakdown`, for the signed-in email's
 * company; `range` null (an unfinished custom range) asks for nothing.
 */
export function useCreditsUsed(range: DayRange | null, breakdown: Breakdown, timeZone: string) {
  const owner = useOperationsOwner()
  const companyId = owner.ownerId
  const usage = useQuery({
    ...usageQuery(companyId, { range: range ?? ALL_TIME, groupBy: breakdown, timeZone }),
    enabled: Boolean(companyId) && range !== null,
  })
  return {
    isLoading: owner.pending || (Boolean(companyId) && range !== null && usage.isPending),
    isError: usage.isError,
    isFetching: usage.isFetching,
    usage: companyId && range !== null ? usage.data : undefined,
  }
}
