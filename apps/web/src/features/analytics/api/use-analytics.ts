import { useQueries, useQuery } from "@tanstack/react-query"

import { toDonutSlices } from "../lib/donut"
import { dailyCountsQuery } from "./get-daily-counts"
import { endUserQuery } from "@/hooks/use-end-user"
import { languageCountsQuery } from "./get-language-counts"

/** The browser's IANA time zone, which decides the calendar days of the bar chart. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

/**
 * Both analytics datasets for the signed-in email. Without an email or an end-user record, or
 * when the user lookup fails, both are empty.
 */
export function useAnalytics(email: string | undefined) {
  const endUser = useQuery(endUserQuery(email))
  const endUserId = endUser.isError ? null : endUser.data
  const [languages, daily] = useQueries({
    queries: [languageCountsQuery(endUserId), dailyCountsQuery(endUserId, browserTimeZone())],
  })

  const isLoading =
    (Boolean(email) && endUser.isPending) ||
    (Boolean(endUserId) && (languages.isPending || daily.isPending))
  const slices = endUserId && languages.data ? toDonutSlices(languages.data) : []
  const days = endUserId && daily.data ? daily.data : []

  return { isLoading, slices, days, isEmpty: slices.length === 0 || days.length === 0 }
}
