import { sql } from "kysely"

import type { MemberRole } from "@nativ/contracts"

import { owesSecondFactor } from "../auth/aal"
import type { AppDeps } from "../deps"
import { type JwtClaims, JwtError } from "./jwt"

/**
 * Why a token was refused; each protocol words it in its own error shape.
 * - `expired`, `invalid`: the JWT itself (signature, algorithm, expiry, unknown role);
 * - `not_a_user`: a valid JWT that is not a user's access token (anon or service-role key, no sub);
 * - `user_not_found`, `session_not_found`: the user was deleted, or the session signed out.
 */
export type TokenRefusal =
  "expired" | "invalid" | "not_a_user" | "user_not_found" | "session_not_found"

export class AccessTokenError extends Error {
  constructor(
    readonly reason: TokenRefusal,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Checks a JWT's signature (HS256 under the project's secret), expiry and role. This is all that
 * /rest/v1 checks, as PostgREST does: a signed-out access token keeps working there until it
 * expires (JWT_EXPIRY_SECONDS) — see docs/identity.md.
 */
export async function verifyJwt(deps: AppDeps, token: string): Promise<JwtClaims> {
  try {
    return await deps.jwt.verify(token, deps.clock())
  } catch (error) {
    if (error instanceof JwtError) throw new AccessTokenError(error.reason, error.message)
    throw error
  }
}

/** The company a person belongs to, and as what: their `end_users` row. */
export type Membership = { companyId: string; memberId: string; email: string; role: MemberRole }

export type SignedInUser = {
  userId: string
  sessionId: string
  claims: JwtClaims
  /** Null for a person in no company (cannot happen through the product's own flows). */
  member: Membership | null
  /**
   * The account has a verified second factor and this token has not passed it (aal1): it may
   * only finish signing in (auth/aal.ts says what that allows).
   */
  owesSecondFactor: boolean
}

/**
 * A signed-in user's access token, checked as Supabase Auth checks it for GET /user: a valid JWT
 * of role `authenticated` whose `sub` is an existing user and whose `session_id` is a session that
 * has not signed out. /auth/v1, /api/v1 and /functions/v1 all take this path, so signing out ends
 * a token there at once. The same query says whether the account has a verified second factor,
 * so each protocol can hold an aal1 token of such an account to finishing sign-in (auth/aal.ts).
 */
export async function verifySignedInUser(deps: AppDeps, token: string): Promise<SignedInUser> {
  const claims = await verifyJwt(deps, token)
  const { sub, session_id: sessionId } = claims
  if (claims.role !== "authenticated" || typeof sub !== "string" || !isUuid(sub))
    throw new AccessTokenError("not_a_user", "invalid claim: missing sub claim")
  // One round trip for four questions: does the user exist, is this session still theirs, which
  // company are they in, and have they turned two-factor on?
  const { rows } = await sql<{
    session: string | null
    company_id: string | null
    member_id: string | null
    email: string | null
    role: MemberRole | null
    two_factor: boolean
  }>`
    select s.id as session, e.user_id as company_id, e.id as member_id, e.email, e.role,
      exists (select 1 from auth.mfa_factors f
        where f.user_id = u.id and f.status = 'verified') as two_factor
    from auth.users u
    left join auth.sessions s
      on s.user_id = u.id and s.id = ${typeof sessionId === "string" && isUuid(sessionId) ? sessionId : null}::uuid
    left join public.end_users e on e.auth_user_id = u.id
    where u.id = ${sub}::uuid and u.deleted_at is null
  `.execute(deps.database.db)
  if (!rows[0])
    throw new AccessTokenError("user_not_found", "User from sub claim in JWT does not exist")
  if (!rows[0].session || typeof sessionId !== "string")
    throw new AccessTokenError(
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    )
  const { company_id, member_id, email, role, two_factor } = rows[0]
  const member =
    company_id && member_id && email && role
      ? { companyId: company_id, memberId: member_id, email, role }
      : null
  return {
    userId: sub,
    sessionId,
    claims,
    member,
    owesSecondFactor: owesSecondFactor(claims, two_factor),
  }
}

function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
