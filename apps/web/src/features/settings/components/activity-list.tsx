import type { AuditEvent } from "@nativ/contracts"

import { TooltipProvider } from "@/components/ui/tooltip"
import { useNow } from "@/hooks/use-now"

import { activitySentence } from "../lib/activity-sentence"
import { ActivityTime } from "./activity-time"

/** The log's events, newest first: who, what, and when. */
export function ActivityList({ events }: { events: AuditEvent[] }) {
  const now = useNow()
  return (
    <TooltipProvider>
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
            <ActivityTime timestamp={event.created_at} now={now} />
          </li>
        ))}
      </ol>
    </TooltipProvider>
  )
}
