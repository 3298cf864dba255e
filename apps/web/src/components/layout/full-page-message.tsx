import type * as React from "react"

/** A centred one-line state for the whole viewport, e.g. 'Loading...'. */
export function FullPageMessage({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-svh items-center justify-center p-6 text-muted-foreground">
      <p role="status">{children}</p>
    </main>
  )
}
