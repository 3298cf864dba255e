import { useQueryClient } from "@tanstack/react-query"
import * as React from "react"

/**
 * Retry for a screen built from several queries: reads again every query on screen that failed
 * (the company, a count, a page), whichever it was.
 */
export function useRetryFailed() {
  const queryClient = useQueryClient()
  return React.useCallback(
    () =>
      void queryClient.refetchQueries({
        type: "active",
        predicate: (query) => query.state.status === "error",
      }),
    [queryClient],
  )
}
