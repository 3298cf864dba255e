import { LoaderCircleIcon } from "lucide-react"
import type * as React from "react"

import { Button } from "@/components/ui/button"

/** A button that shows a spinner and `busyLabel` while its action runs, and is disabled then. */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  children,
  disabled,
  ...props
}: React.ComponentProps<typeof Button> & {
  busy: boolean
  busyLabel: string
  icon?: React.ReactNode
}) {
  return (
    <Button disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  )
}
