import { EngineAbortedError, EngineError, EngineProviderError, EngineTimeoutError } from "./errors"

/**
 * One culturalize call's time budget (ENGINE_TIMEOUT_MS, retries included), merged with the
 * caller's signal, and the translation of whatever stopped the call into an engine error.
 */
export type Deadline = {
  signal: AbortSignal
  remaining(): number
  /** Maps an abort to EngineTimeoutError or EngineAbortedError; unknown errors to 502s. */
  explain(error: unknown): EngineError
  dispose(): void
}

export function startDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const started = performance.now()
  const controller = new AbortController()
  const seconds = timeoutMs / 1000
  const timeout = new EngineTimeoutError(
    `The translation provider did not answer within ${seconds} second${seconds === 1 ? "" : "s"}. Please try again.`,
  )
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs)
  const onAbort = () => controller.abort(caller?.reason)
  if (caller?.aborted) onAbort()
  else caller?.addEventListener("abort", onAbort, { once: true })
  return {
    signal: controller.signal,
    remaining: () => timeoutMs - (performance.now() - started),
    explain(error) {
      if (controller.signal.aborted) {
        const reason: unknown = controller.signal.reason
        // The engine reports the provider's own failure when time ran out retrying it.
        if (reason === timeout && error instanceof EngineProviderError) return error
        if (reason === timeout) return timeout
        if (reason instanceof EngineError) return reason
        if (reason instanceof Error && reason.name === "TimeoutError")
          return new EngineTimeoutError("The request took too long and was stopped.", {
            cause: reason,
          })
        return new EngineAbortedError("The request was cancelled.", { cause: reason })
      }
      if (error instanceof EngineTimeoutError)
        return new EngineTimeoutError(timeout.message, { cause: error.cause })
      if (error instanceof EngineError) return error
      return new EngineProviderError("The translation provider failed unexpectedly.", {
        cause: error,
      })
    },
    dispose() {
      clearTimeout(timer)
      caller?.removeEventListener("abort", onAbort)
    },
  }
}
