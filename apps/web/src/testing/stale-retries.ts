import { vi } from "vitest"

// A global symbol: a file that resets modules gets its own copy of this module.
const lastRetryableReply = Symbol.for("nativ.test.last-retryable-reply")
const marks = globalThis as { [lastRetryableReply]?: number }

// @nativ/client retries a 429 or 5xx once after up to 500 ms (lib/api-client.ts); the rest is
// margin for a busy machine.
const RETRY_WINDOW_MS = 1_500

/** The stub answered a status the client may retry. */
export function noteRetryableReply() {
  marks[lastRetryableReply] = Date.now()
}

/**
 * Waits out a retry the last test may have left sleeping, on a fetch that refuses it: the next
 * file in this worker would otherwise count it among its own calls.
 */
export async function settleRetries() {
  const wait = (marks[lastRetryableReply] ?? -Infinity) + RETRY_WINDOW_MS - Date.now()
  if (wait <= 0) return
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(null, { status: 599 })))
  await new Promise((resolve) => setTimeout(resolve, wait))
  vi.unstubAllGlobals()
}
