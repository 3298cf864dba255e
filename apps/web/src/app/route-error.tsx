import { useRouteError } from "react-router"

import { Button } from "@/components/ui/button"

/** Last resort for a render or chunk-loading failure (e.g. a stale tab after a deployment). */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">The page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  )
}
