import { sql } from "kysely"

import type { AppDeps } from "../deps"
import { AuthError } from "./errors"
import { type JwtClaims, JwtError } from "./jwt"
import { findUserById, type UserRow } from "./users"

export type AuthenticatedUser = { user: UserRow; claims: JwtClaims; sessionId: string }

/**
 * Fully authenticates a user's access token, as Supabase Auth does for GET /user: an HS256
 * signature under our secret that has not expired, role `authenticated`, a `sub` that is an
 * existing user and a `session_id` that is still signed in. For other modules too (the product
 * API): pass the bearer token (with or without the "Bearer " prefix); a failure throws an
 * AuthError (401 no_authorization, 403 bad_jwt / user_not_found / session_not_found).
 */
export async function authenticateUser(
  deps: AppDeps,
  bearerToken: string | undefined,
): Promise<AuthenticatedUser> {
  const claims = await verifyBearer(deps, bearerToken)
  if (claims.role !== "authenticated" || typeof claims.sub !== "string" || !isUuid(claims.sub))
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim")
  const user = await findUserById(deps.database.db, claims.sub)
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist")
  const sessionId = claims.session_id
  const session =
    typeof sessionId === "string" && isUuid(sessionId)
      ? await sql`select 1 from auth.sessions where id = ${sessionId}::uuid and user_id = ${user.id}::uuid`.execute(
          deps.database.db,
        )
      : undefined
  if (!session?.rows.length || typeof sessionId !== "string")
    throw new AuthError(
      403,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    )
  return { user, claims, sessionId }
}

/** Admin endpoints: only the service-role key (or another service_role JWT) passes. */
export async function requireServiceRole(deps: AppDeps, bearerToken: string | undefined) {
  const claims = await verifyBearer(deps, bearerToken)
  if (claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed")
}

async function verifyBearer(deps: AppDeps, bearerToken: string | undefined): Promise<JwtClaims> {
  const token = bearerToken?.replace(/^bearer\s+/i, "").trim()
  if (!token)
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token")
  try {
    return await deps.jwt.verify(token, deps.clock())
  } catch (error) {
    if (error instanceof JwtError) throw new AuthError(403, "bad_jwt", error.message)
    throw error
  }
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
