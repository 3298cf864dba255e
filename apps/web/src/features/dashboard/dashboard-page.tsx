import { PageHeader } from "@/components/layout/page-header"
import { useAuth } from "@/features/auth/auth-provider"

import { OperationsTodayCard } from "./components/operations-today-card"
import { RecentActivity } from "./components/recent-activity"
import { browserTimeZone } from "./lib/time-zone"

/** Dashboard (spec section 2): today's figures and the latest operations. */
export function DashboardPage() {
  const { user } = useAuth()
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Overview of Nativ plugin activity and performance."
      />
      <div className="grid gap-4 md:gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <OperationsTodayCard userId={user?.id} timeZone={browserTimeZone()} />
        </div>
        <div className="lg:col-span-2">
          <RecentActivity userId={user?.id} />
        </div>
      </div>
    </>
  )
}
