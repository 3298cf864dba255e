import { AccessTokenError, verifyJwt, verifySignedInUser } from "../identity/access-token"
import { INSUFFICIENT_AAL_MESSAGE } from "./aal"
import type { JwtClaims } from "../identity/jwt"
import type { AppDeps } from "../deps"
import { AuthError } from "./errors"
import { findUserById, type UserRow } from "./users"

export type AuthenticatedUser = {
  user: UserRow
  claims: JwtClaims
  sessionId: string
  /** A password-only session of an account with two-factor on (auth/aal.ts). */
  owesSecondFactor: boolean
}

/**
 * Who may call an endpoint: `aal2` (the default) refuses a password-only session of an account
 * with two-factor on; `finishing-sign-in` lets it in, for the steps that complete sign-in (reading
 * the user and its factors, challenge, verify, signing this session out).
 */
type Assurance = "aal2" | "finishing-sign-in"

export const insufficientAal = () =>
  new AuthError(403, "insufficient_aal", INSUFFICIENT_AAL_MESSAGE)

/**
 * A signed-in user's access token (identity/access-token.ts: valid JWT, existing user, session
 * not signed out), with the user's row, in Supabase Auth's words: a failure throws an AuthError
 * (401 no_authorization, 403 bad_jwt / user_not_found / session_not_found / insufficient_aal).
 */
export async function authenticateUser(
  deps: AppDeps,
  token: string | undefined,
  assurance: Assurance = "aal2",
): Promise<AuthenticatedUser> {
  const { userId, sessionId, claims, owesSecondFactor } = await inAuthWords(() =>
    verifySignedInUser(deps, requireToken(token)),
  )
  if (owesSecondFactor && assurance === "aal2") throw insufficientAal()
  const user = await findUserById(deps.database.db, userId)
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist")
  return { user, claims, sessionId, owesSecondFactor }
}

/** Admin endpoints: only the service-role key (or another service_role JWT) passes. */
export async function requireServiceRole(deps: AppDeps, token: string | undefined) {
  const claims = await inAuthWords(() => verifyJwt(deps, requireToken(token)))
  if (claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed")
}

function requireToken(token: string | undefined): string {
  if (!token)
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token")
  return token
}

async function inAuthWords<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    if (!(error instanceof AccessTokenError)) throw error
    const code =
      error.reason === "user_not_found" || error.reason === "session_not_found"
        ? error.reason
        : "bad_jwt"
    throw new AuthError(403, code, error.message)
  }
}
