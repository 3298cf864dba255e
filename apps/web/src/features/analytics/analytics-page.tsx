import * as React from "react"

import { PageHeader } from "@/components/layout/page-header"
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"

import { useAnalytics } from "./api/use-analytics"

// The chart library is only downloaded when there is something to draw on this route.
const AnalyticsCharts = React.lazy(() => import("./components/analytics-charts"))

function Message({ children }: { children: string }) {
  return <p className="py-16 text-center text-sm text-muted-foreground">{children}</p>
}

/** Analytics (docs/product.md#analytics): language distribution and operations over time. */
export function AnalyticsPage() {
  const analytics = useAnalytics()
  const loading = <Message>Loading analytics data...</Message>

  return (
    <>
      <PageHeader title="Analytics" description="Visualize operation metrics and trends." />
      <Card>
        <CardHeader>
          <CardTitle>Operations Analytics</CardTitle>
        </CardHeader>
        <CardContent>
          {analytics.isLoading ? (
            loading
          ) : analytics.isEmpty ? (
            <Message>No analytics data available</Message>
          ) : (
            <React.Suspense fallback={loading}>
              <AnalyticsCharts slices={analytics.slices} days={analytics.days} />
            </React.Suspense>
          )}
        </CardContent>
      </Card>
    </>
  )
}
