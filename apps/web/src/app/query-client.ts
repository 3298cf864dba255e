import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query"

import { showError } from "@/lib/errors"

type ErrorMeta = {
  /** Toast title from the spec's error catalogue; without it a failure is only logged. */
  errorTitle?: string
  /** Toast text when the error carries no message. */
  errorFallback?: string
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: ErrorMeta
    mutationMeta: ErrorMeta
  }
}

function report(error: unknown, meta: ErrorMeta | undefined) {
  if (meta?.errorTitle) showError(meta.errorTitle, error, meta.errorFallback)
  else console.error(error)
}

/**
 * The query client, configured once. Failures reach one sink through the caches: each query or
 * mutation names its toast title in `meta`, components only add success toasts. The spec retries
 * nothing, so neither do we.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}
