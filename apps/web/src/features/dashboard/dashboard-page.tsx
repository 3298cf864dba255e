import { PageHeader } from "@/components/layout/page-header"
import { useOperationsOwner } from "@/hooks/use-operations-owner"
import { browserTimeZone } from "@/lib/time-zone"

import { FirstStepsCard } from "./components/first-steps-card"
import { LowBalanceBanner } from "./components/low-balance-banner"
import { OperationsTodayCard } from "./components/operations-today-card"
import { RecentActivity } from "./components/recent-activity"

/**
 * Dashboard (docs/product.md#dashboard): a new company's first steps, today's figures and the
 * latest operations.
 */
export function DashboardPage() {
  const { ownerId } = useOperationsOwner()
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Overview of Nativ plugin activity and performance."
      />
      <LowBalanceBanner />
      <FirstStepsCard />
      <div className="grid gap-4 md:gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <OperationsTodayCard userId={ownerId ?? undefined} timeZone={browserTimeZone()} />
        </div>
        <div className="lg:col-span-2">
          <RecentActivity userId={ownerId ?? undefined} />
        </div>
      </div>
    </>
  )
}
