import { sql } from "kysely"

import type { Db } from "../db/schema"
import type { AppDeps } from "../deps"
import { hmac, randomToken, sha256 } from "./tokens"
import { toUserResponse, type UserRow } from "./users"

/** How a session was signed in, as Supabase records it in the token's `amr` claim. */
export type AuthMethod = "password" | "email/signup" | "invite" | "magiclink" | "recovery"
export type Amr = { method: string; timestamp: number }[]
/** Authenticator assurance level: aal2 once a second factor was verified in this session. */
export type Aal = "aal1" | "aal2"

export type SessionRef = { id: string; amr: Amr; aal: Aal }
export type Client = { ip: string; userAgent: string | undefined }

/**
 * Starts a session: the session row, its first refresh token and the sign-in timestamps. Call
 * inside the transaction that authenticated the user.
 */
export async function startSession(
  trx: Db,
  deps: AppDeps,
  user: UserRow,
  method: AuthMethod,
  client: Client,
): Promise<{ session: SessionRef; refreshToken: string }> {
  const now = deps.clock()
  const amr: Amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }]
  const { rows } = await sql<{ id: string }>`
    insert into auth.sessions (user_id, amr, ip, user_agent, created_at, updated_at)
    values (${user.id}::uuid, ${JSON.stringify(amr)}::jsonb, ${client.ip},
      ${client.userAgent?.slice(0, 512) ?? null}, ${now}, ${now})
    returning id`.execute(trx)
  const sessionId = rows[0]!.id
  const refreshToken = await insertRefreshToken(trx, deps, sessionId, user.id, null)
  await sql`update auth.users set last_sign_in_at = ${now}, updated_at = ${now}
    where id = ${user.id}::uuid`.execute(trx)
  await sql`update auth.identities set last_sign_in_at = ${now}, updated_at = ${now}
    where user_id = ${user.id}::uuid and provider = 'email'`.execute(trx)
  user.last_sign_in_at = now
  user.identity_last_sign_in_at = user.identity_id ? now : null
  return { session: { id: sessionId, amr, aal: "aal1" }, refreshToken }
}

/**
 * Refresh tokens are HMACs of a random salt under a key derived from the JWT secret; only their
 * SHA-256 is stored. The server can so recompute the active token of a session (to hand it back
 * to a client that refreshed but lost the answer) while a copy of the database alone reveals none.
 */
export function refreshTokenFromSalt(deps: AppDeps, salt: string): string {
  return hmac(deps.jwt.deriveKey("refresh-token"), salt)
}

export async function insertRefreshToken(
  trx: Db,
  deps: AppDeps,
  sessionId: string,
  userId: string,
  parentId: string | null,
): Promise<string> {
  const now = deps.clock()
  const salt = randomToken(16)
  const token = refreshTokenFromSalt(deps, salt)
  await sql`insert into auth.refresh_tokens
      (session_id, user_id, token_hash, salt, parent_id, created_at, updated_at)
    values (${sessionId}::uuid, ${userId}::uuid, ${sha256(token)}, ${salt}, ${parentId},
      ${now}, ${now})`.execute(trx)
  return token
}

/** The session body auth-js stores: access token (JWT), refresh token and the user. */
export async function sessionResponse(
  deps: AppDeps,
  user: UserRow,
  session: SessionRef,
  refreshToken: string,
) {
  const now = deps.clock()
  const expiresIn = deps.env.JWT_EXPIRY_SECONDS
  const userJson = toUserResponse(user)
  const accessToken = await deps.jwt.sign(
    {
      iss: deps.jwt.issuer,
      sub: user.id,
      aud: "authenticated",
      email: user.email ?? "",
      phone: "",
      app_metadata: userJson.app_metadata,
      user_metadata: userJson.user_metadata,
      role: "authenticated",
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    },
    expiresIn,
    now,
  )
  return {
    access_token: accessToken,
    token_type: "bearer" as const,
    expires_in: expiresIn,
    expires_at: Math.floor(now.getTime() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: userJson,
  }
}

export type SessionResponse = Awaited<ReturnType<typeof sessionResponse>>
