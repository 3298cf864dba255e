import type * as React from "react"

import { cn } from "@/lib/utils"

/** A pulsing placeholder for content that is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  )
}
