import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip"
import { formatFullDateTime, relativeTime } from "@/lib/format"

/**
 * When an event happened: how long ago, with the full date and time on hover and on keyboard
 * focus (the tooltip), and as the title for browsers and readers that show that instead.
 */
export function ActivityTime({ timestamp, now }: { timestamp: string; now: Date }) {
  const full = formatFullDateTime(timestamp)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <time
          dateTime={timestamp}
          title={full}
          aria-label={`${relativeTime(timestamp, now)}, ${full}`}
          tabIndex={0}
          className="rounded-sm text-xs text-muted-foreground underline decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {relativeTime(timestamp, now)}
        </time>
      </TooltipTrigger>
      <TooltipContent>{full}</TooltipContent>
    </Tooltip>
  )
}
