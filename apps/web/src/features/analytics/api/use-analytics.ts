import { useQueries } from "@tanstack/react-query"

import { useOperationsOwner } from "@/hooks/use-operations-owner"
import { browserTimeZone } from "@/lib/time-zone"

import { toDonutSlices } from "../lib/donut"
import { dailyCountsQuery } from "./get-daily-counts"
import { languageCountsQuery } from "./get-language-counts"

/**
 * Both analytics datasets for the signed-in email. Without an email or an end-user record, or
 * when the user lookup fails, both are empty.
 */
export function useAnalytics() {
  const owner = useOperationsOwner()
  const endUserId = owner.ownerId
  const [languages, daily] = useQueries({
    queries: [languageCountsQuery(endUserId), dailyCountsQuery(endUserId, browserTimeZone())],
  })

  const isLoading =
    owner.pending || (Boolean(endUserId) && (languages.isPending || daily.isPending))
  const slices = endUserId && languages.data ? toDonutSlices(languages.data) : []
  const days = endUserId && daily.data ? daily.data : []

  return { isLoading, slices, days, isEmpty: slices.length === 0 || days.length === 0 }
}
