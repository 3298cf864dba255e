import { INSUFFICIENT_AAL_MESSAGE, needsAal2 } from "../auth/aal"
import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import type { Principal } from "./authenticate"

/**
 * Sensitive account changes (API keys, members): with two-factor on, a session must have passed it
 * (calls with an API key never get here: sessionAuth refuses them).
 */
export async function requireAal2(deps: AppDeps, principal: Principal) {
  if (principal.authUserId && (await needsAal2(deps.database.db, principal.authUserId, principal)))
    throw new ApiError(403, "insufficient_aal", INSUFFICIENT_AAL_MESSAGE)
}
