import type * as React from "react"

import { ErrorState } from "@/components/ui/error-state"

/** A section's loading line, announced politely. */
export function Loading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  )
}

/** A section that could not be read, with the reason and Retry (the shared ErrorState). */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string
  error?: unknown
  onRetry: () => void
}) {
  return <ErrorState title={`${what} could not be loaded.`} error={error} onRetry={onRetry} />
}
