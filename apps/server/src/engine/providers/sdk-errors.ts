import { EngineProviderError, EngineTimeoutError } from "../errors"

/** The error classes both official SDKs (generated from the same template) export. */
export type SdkErrorClasses = {
  APIError: abstract new (...args: never[]) => Error & { status?: number; headers?: Headers }
  APIConnectionError: abstract new (...args: never[]) => Error
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error
  APIUserAbortError: abstract new (...args: never[]) => Error
}

/**
 * Turns an SDK error into an engine error with a message fit for a user. An abort is passed through
 * untouched: the engine knows whether its own deadline or the caller caused it.
 */
export function fromSdkError(error: unknown, sdk: SdkErrorClasses): unknown {
  if (error instanceof sdk.APIUserAbortError) return error
  if (error instanceof sdk.APIConnectionTimeoutError)
    return new EngineTimeoutError("The translation provider did not answer in time.", {
      cause: error,
    })
  if (error instanceof sdk.APIConnectionError)
    return new EngineProviderError("The translation provider could not be reached.", {
      retryable: true,
      cause: error,
    })
  if (error instanceof sdk.APIError && typeof error.status === "number") {
    const status = error.status
    const retryAfterMs = retryAfter(error.headers)
    const options = { providerStatus: status, retryAfterMs, cause: error }
    if (status === 401 || status === 403)
      return new EngineProviderError(
        `The translation provider rejected the server's credentials (HTTP ${status}).`,
        options,
      )
    if (status === 429)
      return new EngineProviderError(
        "The translation provider is busy (too many requests). Please try again in a minute.",
        { ...options, retryable: true },
      )
    if (status === 408 || status === 409 || status >= 500)
      return new EngineProviderError(
        `The translation provider had a temporary failure (HTTP ${status}). Please try again.`,
        { ...options, retryable: true },
      )
    return new EngineProviderError(
      `The translation provider could not process the request (HTTP ${status}).`,
      options,
    )
  }
  return error
}

/** `retry-after-ms` (OpenAI, Anthropic) or `retry-after` in seconds or as an HTTP date. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get("retry-after-ms"))
  if (Number.isFinite(ms) && ms >= 0 && headers?.has("retry-after-ms")) return ms
  const value = headers?.get("retry-after")
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
