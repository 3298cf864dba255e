import { ActivityIcon, ChevronRightIcon } from "lucide-react"
import { Link } from "react-router"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Skeleton } from "@/components/ui/skeleton"
import { paths } from "@/config/paths"
import { formatNumber } from "@/lib/format"

import { useOperationsToday } from "../api/get-operations-today"

/**
 * Today's figures (the user's local day). The card links to /analytics through its "View
 * analytics" link, stretched over the whole card so any click on it follows the link.
 */
export function OperationsTodayCard({ userId, timeZone }: { userId?: string; timeZone: string }) {
  const today = useOperationsToday(userId, timeZone)
  const files = today.data?.files ?? 0

  return (
    <Card className="group relative h-full gap-3 transition-colors has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50 hover:border-primary/40 hover:bg-accent/40">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base font-medium">Operations Today</CardTitle>
        <ActivityIcon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent className="space-y-1">
        {today.isPending && userId ? (
          <>
            {/* The same line heights as the figures below, so nothing moves when they arrive. */}
            <Skeleton className="h-9 w-20" />
            <div className="flex h-5 items-center">
              <Skeleton className="h-4 w-32" />
            </div>
            <span className="sr-only">Loading...</span>
          </>
        ) : (
          <>
            <p className="text-3xl font-bold tabular-nums" data-testid="operations-today-count">
              {today.isError ? "-" : formatNumber(today.data?.operations ?? 0)}
            </p>
            <CardDescription data-testid="operations-today-files">
              {today.isError
                ? "-"
                : `${formatNumber(files)} ${files === 1 ? "file" : "files"} processed`}
            </CardDescription>
          </>
        )}
        <Link
          to={paths.analytics}
          className="flex w-fit items-center gap-1 pt-2 text-xs text-muted-foreground outline-none group-hover:text-foreground after:absolute after:inset-0 after:rounded-xl"
        >
          View analytics
          <ChevronRightIcon aria-hidden="true" className="size-3" />
        </Link>
      </CardContent>
    </Card>
  )
}
