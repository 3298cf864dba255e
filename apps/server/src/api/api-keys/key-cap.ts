import { ApiError } from "../api-error"
import { capReached, type KeyAllowance } from "./key-usage.repo"

export const keyCapReached = (cap: number) =>
  new ApiError(
    402,
    "key_cap_reached",
    `This API key has used its monthly cap of ${cap.toLocaleString("en-US")} credit${cap === 1 ? "" : "s"}. Raise the cap on the API Keys page or use another key.`,
  )

/**
 * Refuses a charged request made with a key that has spent its monthly cap, before any engine
 * work, so a capped key costs no model time. The allowance (read with the request's settings,
 * null for a signed-in session) can be a moment stale under concurrency; the charge checks again
 * under the key's row lock (nativ.charge_culturalize).
 */
export function refuseCappedKey(allowance: KeyAllowance | null): void {
  if (allowance && capReached(allowance)) throw keyCapReached(allowance.cap!)
}
