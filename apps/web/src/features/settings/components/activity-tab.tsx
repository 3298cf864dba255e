import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useNow } from "@/hooks/use-now"
import { relativeTime } from "@/lib/format"

import { useActivity } from "../api/members"
import { activitySentence } from "../lib/activity-sentence"

/** Activity (owners and admins): the company's log, newest first, a page at a time. */
export function ActivityTab() {
  const activity = useActivity()
  const now = useNow()
  const events = activity.data?.pages.flatMap((page) => page.events) ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>Who did what in your company, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {activity.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
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
          <p className="py-6 text-center text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ol aria-label="Activity" className="min-w-0 rounded-md border px-4">
            {events.map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b py-3 text-sm last:border-b-0"
              >
                <p className="min-w-0 break-words">
                  <span className="font-medium">{event.actor_email ?? "Nativ"}</span>{" "}
                  {activitySentence(event)}
                </p>
                <time dateTime={event.created_at} className="text-xs text-muted-foreground">
                  {relativeTime(event.created_at, now)}
                </time>
              </li>
            ))}
          </ol>
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
