import * as React from "react"
import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { useCompanyMembers } from "@/hooks/use-company-members"
import { useRetryFailed } from "@/hooks/use-retry-failed"
import { formatCalendarDay } from "@/lib/format"
import { browserTimeZone } from "@/lib/time-zone"

import { useAnalytics } from "./api/use-analytics"
import { useCreditsUsed } from "./api/use-credits-used"
import { CreditsUsedCard } from "./components/credits-used-card"
import { DateRangeControl } from "./components/date-range-control"
import { type Breakdown, BREAKDOWNS, parseBreakdown } from "./lib/breakdown"
import {
  type DayRange,
  parseRangeChoice,
  RANGE_PRESETS,
  type RangeChoice,
  resolveRange,
  todayIn,
  writeRangeChoice,
} from "./lib/date-range"

// The chart library is only downloaded when there is something to draw on this route.
const AnalyticsCharts = React.lazy(() => import("./components/analytics-charts"))

function Message({ children }: { children: string }) {
  return <p className="py-16 text-center text-sm text-muted-foreground">{children}</p>
}

/**
 * Analytics (docs/product.md#analytics): language distribution and operations over time, and the
 * credits used broken down by language, tool, API key or member, over a date range kept in the
 * URL (`?range=…&from=…&to=…`, `?by=…`). All time, the default, is the spec's view.
 */
export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const timeZone = browserTimeZone()
  const today = todayIn(timeZone)
  const choice = parseRangeChoice(searchParams)
  const range = resolveRange(choice, today)

  const members = useCompanyMembers()
  const breakdowns = BREAKDOWNS.map((b) => b.id).filter(
    (id) => id !== "member" || (members.data?.length ?? 0) > 1,
  )
  const requested = parseBreakdown(searchParams.get("by"))
  const breakdown = breakdowns.includes(requested) ? requested : "language"

  const analytics = useAnalytics(range, timeZone)
  const credits = useCreditsUsed(range, breakdown, timeZone)
  const loading = <Message>Loading analytics data...</Message>
  const retry = useRetryFailed()

  const chooseRange = (next: RangeChoice) =>
    setSearchParams((params) => writeRangeChoice(params, next), { replace: true })
  const chooseBreakdown = (next: Breakdown) =>
    setSearchParams(
      (params) => {
        if (next === "language") params.delete("by")
        else params.set("by", next)
        return params
      },
      { replace: true },
    )

  return (
    <>
      <PageHeader title="Analytics" description="Visualize operation metrics and trends." />
      <div className="mb-6">
        <DateRangeControl choice={choice} today={today} onChange={chooseRange} />
      </div>
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Operations Analytics</CardTitle>
          </CardHeader>
          <CardContent>
            {range === null ? (
              <Message>Choose a valid date range to see analytics.</Message>
            ) : analytics.isLoading ? (
              loading
            ) : analytics.isError ? (
              <ErrorState
                title="The analytics could not be loaded."
                error={analytics.error}
                onRetry={retry}
                className="py-16"
              />
            ) : analytics.isEmpty ? (
              <Message>No analytics data available</Message>
            ) : (
              <React.Suspense fallback={loading}>
                <AnalyticsCharts slices={analytics.slices} days={analytics.days} />
              </React.Suspense>
            )}
          </CardContent>
        </Card>
        {range !== null && (
          <CreditsUsedCard
            usage={credits.usage}
            isLoading={credits.isLoading}
            isError={credits.isError}
            onRetry={retry}
            isFetching={credits.isFetching}
            rangeLabel={describeRange(choice, range)}
            breakdown={breakdown}
            breakdowns={breakdowns}
            onBreakdownChange={chooseBreakdown}
          />
        )}
      </div>
    </>
  )
}

/** "All time", or the preset's name and the days it covers. */
function describeRange(choice: RangeChoice, range: DayRange) {
  if (range.from === null) return "All time"
  const days = `${formatCalendarDay(range.from, { year: true })} – ${formatCalendarDay(range.to, { year: true })}`
  if (choice.preset === "custom") return days
  return `${RANGE_PRESETS.find((p) => p.id === choice.preset)!.label} · ${days}`
}
