import { Badge } from "@/components/ui/badge"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { operationLabel } from "@/lib/operation-label"

import { type RecentOperation, useRecentOperations } from "../api/get-recent-operations"
import { relativeTime } from "@/lib/format"
import { useNow } from "@/hooks/use-now"

/** The 10 latest operations: action, language and tool badges, and how long ago each ran. */
export function RecentActivity({ userId }: { userId?: string }) {
  const recent = useRecentOperations(userId)
  const now = useNow()

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>The latest operations across your tools.</CardDescription>
      </CardHeader>
      <CardContent>
        {recent.isPending && userId ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading operations...
          </p>
        ) : recent.isError ? (
          <ErrorState
            title="The recent operations could not be loaded."
            error={recent.error}
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        ) : !recent.data?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No recent operations found
          </p>
        ) : (
          <ul aria-label="Recent operations" className="divide-y">
            {recent.data.map((operation) => (
              <ActivityItem key={operation.id} operation={operation} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function ActivityItem({ operation, now }: { operation: RecentOperation; now: Date }) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="truncate font-medium" title={operation.action}>
          {operationLabel(operation.action)}
        </span>
        {operation.language && <Badge variant="secondary">{operation.language}</Badge>}
        {operation.tool && <Badge variant="outline">{operation.tool}</Badge>}
      </div>
      <time
        dateTime={operation.created_at}
        className="shrink-0 text-sm whitespace-nowrap text-muted-foreground"
      >
        {relativeTime(operation.created_at, now)}
      </time>
    </li>
  )
}
