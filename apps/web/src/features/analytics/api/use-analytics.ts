import { useQueries } from "@tanstack/react-query"

import { useOperationsOwner } from "@/hooks/use-operations-owner"

import { type LanguageCount, toDonutSlices } from "../lib/donut"
import { ALL_TIME, type DayRange } from "../lib/date-range"
import { dailyCountsQuery, type DailyCount } from "./get-daily-counts"
import { languageCountsQuery } from "./get-language-counts"
import { usageQuery } from "./get-usage"

/**
 * Both analytics datasets for the signed-in email's company. All time is the spec's view: the
 * language and daily counts from their SQL functions. A narrower range reads the same figures
 * from GET /usage (grouped by language and by day). Without an email or an end-user record, or
 * when the user lookup fails, both are empty; `range` null (an unfinished custom range) asks
 * for nothing.
 */
export function useAnalytics(range: DayRange | null, timeZone: string) {
  const owner = useOperationsOwner()
  const companyId = owner.ownerId
  const allTime = range !== null && range.from === null
  const ranged = range !== null && range.from !== null
  const [languages, daily, usageByLanguage, usageByDay] = useQueries({
    queries: [
      { ...languageCountsQuery(companyId), enabled: Boolean(companyId) && allTime },
      { ...dailyCountsQuery(companyId, timeZone), enabled: Boolean(companyId) && allTime },
      {
        ...usageQuery(companyId, { range: range ?? ALL_TIME, groupBy: "language", timeZone }),
        enabled: Boolean(companyId) && ranged,
      },
      {
        ...usageQuery(companyId, { range: range ?? ALL_TIME, groupBy: "day", timeZone }),
        enabled: Boolean(companyId) && ranged,
      },
    ],
  })

  const [languageData, dayData, pending]: [
    LanguageCount[] | undefined,
    DailyCount[] | undefined,
    boolean,
  ] = ranged
    ? [
        usageByLanguage.data?.rows
          .filter((row) => row.key !== "")
          .map((row) => ({ language: row.key, count: row.operations })),
        usageByDay.data?.rows.map((row) => ({ date: row.key, count: row.operations })),
        usageByLanguage.isPending || usageByDay.isPending,
      ]
    : [languages.data, daily.data, languages.isPending || daily.isPending]

  const isLoading = owner.pending || (Boolean(companyId) && range !== null && pending)
  const slices = companyId && languageData ? toDonutSlices(languageData) : []
  const days = companyId && dayData ? dayData : []

  const failed = (ranged ? [usageByLanguage, usageByDay] : [languages, daily]).find(
    (query) => query.isError,
  )
  const isError = owner.error || Boolean(failed)
  return {
    isLoading,
    isError,
    error: failed?.error ?? undefined,
    slices,
    days,
    isEmpty: slices.length === 0 || days.length === 0,
  }
}
