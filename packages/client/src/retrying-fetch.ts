export type RetryOptions = {
  /** Retries after the first attempt; 0 turns retrying off. */
  maxRetries: number
  /** First backoff delay; it doubles with each retry unless the server sends Retry-After. */
  baseDelayMs: number
  /** A Retry-After longer than this is not waited for: the response is returned as it is. */
  maxDelayMs: number
  sleep?: (ms: number) => Promise<void>
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 10_000 }

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"])

/**
 * Whether a failed attempt may be sent again. 429 and 503 mean the server did not act (rate limit,
 * database away), so any request is retried; other 5xx only when repeating it is harmless: an
 * idempotent method, or a request carrying an Idempotency-Key (the server answers a repeat with
 * the first answer).
 */
function retryable(request: Request, status: number) {
  if (status === 429 || status === 503) return true
  if (status !== 500 && status !== 502 && status !== 504) return false
  return IDEMPOTENT.has(request.method) || request.headers.has("idempotency-key")
}

/** Retry-After in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get("retry-after")
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * `fetch` with retries on 429 and 5xx (see `retryable`), honouring Retry-After. `fetchImpl` is
 * looked up on every call, so a fetch replaced after the client was made (tests) is used.
 */
export function retryingFetch(
  fetchImpl: () => typeof fetch,
  options: RetryOptions = DEFAULT_RETRY,
): (request: Request) => Promise<Response> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl()(request.clone())
      if (response.ok || attempt >= options.maxRetries || !retryable(request, response.status))
        return response
      const delay = retryAfterMs(response) ?? options.baseDelayMs * 2 ** attempt
      if (delay > options.maxDelayMs) return response
      await response.body?.cancel()
      await sleep(delay)
    }
  }
}
