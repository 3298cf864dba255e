import { useState } from "react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

import { useActivity } from "../api/activity-log"
import { hasActivityFilters, NO_ACTIVITY_FILTERS } from "../lib/activity-filters"
import { ActivityExportButton } from "./activity-export-button"
import { ActivityFilters } from "./activity-filters"
import { ActivityList } from "./activity-list"

const EMPTY_NOTE = "py-6 text-center text-sm text-muted-foreground"

/** Activity (owners and admins): the company's log, newest first, filtered, a page at a time. */
export function ActivityTab() {
  const [filters, setFilters] = useState(NO_ACTIVITY_FILTERS)
  const activity = useActivity(filters)
  const events = activity.data?.pages.flatMap((page) => page.events) ?? []
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Activity</CardTitle>
          <CardDescription>Who did what in your company, newest first.</CardDescription>
        </div>
        <ActivityExportButton filters={filters} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <ActivityFilters value={filters} onChange={setFilters} />
        {activity.isPending ? (
          <p role="status" className={EMPTY_NOTE}>
            Loading activity...
          </p>
        ) : activity.isError && events.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <p className="text-sm text-muted-foreground">The activity could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
              Try again
            </Button>
          </div>
        ) : events.length === 0 ? (
          <p role="status" className={EMPTY_NOTE}>
            {hasActivityFilters(filters)
              ? "No activity matches these filters."
              : "No activity yet."}
          </p>
        ) : (
          <ActivityList events={events} />
        )}
        {activity.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
