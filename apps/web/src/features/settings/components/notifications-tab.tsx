import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useCompany } from "@/hooks/use-company"

import { useNotificationSettings } from "../api/notifications"
import { LowBalanceAlertForm } from "./low-balance-alert-form"
import { LoadFailed, Loading } from "./style-states"

/** Settings → Notifications (docs/product.md#notifications): the low-balance alert. */
export function NotificationsTab() {
  const settings = useNotificationSettings()
  const canManage = useCompany().can("manageNotifications")
  return (
    <Card>
      <CardHeader>
        <CardTitle>Low-balance alert</CardTitle>
        <CardDescription>
          When your balance falls below the threshold, the owners get one email and the Dashboard
          shows a banner until it is back above it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Loading>Loading notification settings...</Loading>
        ) : settings.isError ? (
          <LoadFailed what="The notification settings" onRetry={() => void settings.refetch()} />
        ) : (
          <LowBalanceAlertForm
            key={String(settings.data.low_balance_threshold)}
            saved={settings.data.low_balance_threshold}
            canManage={canManage}
          />
        )}
      </CardContent>
    </Card>
  )
}
