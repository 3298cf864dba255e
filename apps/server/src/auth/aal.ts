import type { Db } from "../db/schema"
import { hasVerifiedFactor } from "./factors"

export const INSUFFICIENT_AAL_MESSAGE =
  "Two-factor authentication is on for this account: confirm with your authenticator code first."

/**
 * The one rule for sensitive actions (API keys, buying credits, a new password): an account with
 * a verified second factor must act from an aal2 session. True when the caller's token falls short;
 * each surface answers 403 in its own error shape. Reading stays allowed at aal1.
 */
export async function needsAal2(
  db: Db,
  userId: string,
  claims: { aal?: unknown },
): Promise<boolean> {
  if (claims.aal === "aal2") return false
  return hasVerifiedFactor(db, userId)
}
