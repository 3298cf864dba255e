import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query"

import { endSession, isMissingToken, sessionEnd } from "@/lib/auth/session-end"
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

function report(queryClient: QueryClient, error: unknown, meta: ErrorMeta | undefined) {
  // A session that is gone is no screen's error: this tab signs out and /auth says why. Only the
  // spec's own toast for a missing token is still shown.
  const ended = sessionEnd(error)
  if (ended) {
    void endSession(queryClient, ended)
    if (!isMissingToken(error)) return
  }
  if (meta?.errorTitle) showError(meta.errorTitle, error, meta.errorFallback)
  else console.error(error)
}

/**
 * The query client, configured once. Failures reach one sink through the caches: each query or
 * mutation names its toast title in `meta`, components only add success toasts. A failure meaning
 * the session is gone (lib/auth/session-end.ts) signs this tab out instead. The spec retries
 * nothing, so neither do we.
 */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report(queryClient, error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(queryClient, error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
  return queryClient
}
