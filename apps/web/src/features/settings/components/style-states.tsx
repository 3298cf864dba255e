import type * as React from "react"

import { Button } from "@/components/ui/button"

/** A section's loading line, announced politely. */
export function Loading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  )
}

/** A section that could not be read (the toast has said why), with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-2 py-6 text-center">
      <p className="text-sm text-muted-foreground">{what} could not be loaded.</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
