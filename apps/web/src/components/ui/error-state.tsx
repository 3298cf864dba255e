import { CircleAlertIcon, RotateCwIcon } from "lucide-react"
import type * as React from "react"

import { Button } from "@/components/ui/button"
import { errorMessage } from "@/lib/errors"
import { cn } from "@/lib/utils"

/**
 * A list or card that could not be read: what failed, the server's reason, and Retry. Shown
 * instead of the empty state, which would claim there is nothing when nothing is known.
 */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying = false,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & {
  /** What could not be loaded, e.g. "The languages could not be loaded." */
  title: string
  error?: unknown
  onRetry: () => void
  retrying?: boolean
}) {
  const reason = error === undefined ? undefined : errorMessage(error, "")
  return (
    <div
      data-slot="error-state"
      role="alert"
      className={cn("grid justify-items-center gap-2 py-6 text-center", className)}
      {...props}
    >
      <CircleAlertIcon className="size-6 text-destructive dark:text-red-400" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {reason && <p className="max-w-prose text-sm break-words text-muted-foreground">{reason}</p>}
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" className={cn(retrying && "animate-spin")} />
        {retrying ? "Retrying..." : "Retry"}
      </Button>
    </div>
  )
}
