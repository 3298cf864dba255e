/**
 * When a failed delivery is tried again: 5 s after the first failure (within the 10 s the issue
 * asks), then growing, and every 10 hours from the seventh failure on, until the event is 72 hours
 * old; then the delivery is `failed`. Attempt n+1 comes RETRY_DELAYS_MS[n-1] after attempt n.
 */
const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export const RETRY_DELAYS_MS = [5 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR]
const LATER_MS = 10 * HOUR

/** How long a delivery keeps being retried after its event. */
export const GIVE_UP_AFTER_MS = 72 * HOUR

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR

/** The wait after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[attempts - 1] ?? LATER_MS
}
