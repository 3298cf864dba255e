import type { Db } from "../../db/schema"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { capReached, type KeyAllowance, readKeyAllowance } from "./key-usage.repo"

export const keyCapReached = (cap: number) =>
  new ApiError(
    402,
    "key_cap_reached",
    `This API key has used its monthly cap of ${cap.toLocaleString("en-US")} credit${cap === 1 ? "" : "s"}. Raise the cap on the API Keys page or use another key.`,
  )

/** The calling key's cap and month so far; null for a signed-in session (no key, no cap). */
export function callerAllowance(db: Db, principal: Principal): Promise<KeyAllowance | null> {
  return principal.apiKeyId ? readKeyAllowance(db, principal.apiKeyId) : Promise.resolve(null)
}

/**
 * Refuses a charged request made with a key that has spent its monthly cap, before any engine
 * work, so a capped key costs no model time. This read can be a moment stale under concurrency;
 * the charge's transaction checks again (keyChargeCte, checkKeyCharge).
 */
export function refuseCappedKey(allowance: KeyAllowance | null): void {
  if (allowance && capReached(allowance)) throw keyCapReached(allowance.cap!)
}
