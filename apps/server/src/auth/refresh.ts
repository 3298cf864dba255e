import { sql } from "kysely"

import type { AppDeps } from "../deps"
import { AuthError } from "./errors"
import { insertRefreshToken, refreshTokenFromSalt, type SessionRef } from "./sessions"
import { safeEqual, sha256 } from "./tokens"

/** A revoked token presented again within this interval gets a new child (concurrent refreshes). */
export const REUSE_INTERVAL_MS = 10_000
/**
 * Revoked tokens are kept this long for reuse detection, then deleted when their session next
 * refreshes, so a long-lived session does not grow a row per hour forever. An older replayed token
 * is then simply unknown (400 refresh_token_not_found) rather than revoking the session.
 */
export const REVOKED_RETENTION_MS = 24 * 3_600_000

type TokenRow = {
  id: string
  session_id: string
  user_id: string
  token_hash: string
  revoked: boolean
  updated_at: Date
}

/**
 * Refresh-token rotation as Supabase Auth does it. The presented token is revoked and a child
 * issued. A revoked token that is the parent of a still-active token gets that active token back
 * (the client refreshed but lost the answer); within the reuse interval it gets a new child;
 * otherwise it is a replayed, stolen token: the whole session is revoked.
 */
export async function rotateRefreshToken(
  deps: AppDeps,
  presented: string,
): Promise<{ userId: string; session: SessionRef; refreshToken: string }> {
  const hash = sha256(presented)
  const now = deps.clock()
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const found =
      await sql<TokenRow>`select id, session_id, user_id, token_hash, revoked, updated_at
      from auth.refresh_tokens where token_hash = ${hash}`.execute(trx)
    const token = found.rows[0]
    if (!token || !safeEqual(token.token_hash, hash)) return { kind: "not_found" as const }
    // One refresh per session at a time: lock the session, then re-read the token's state.
    const locked = await sql<SessionRef>`select id, amr, aal from auth.sessions
      where id = ${token.session_id}::uuid for update`.execute(trx)
    const session = locked.rows[0]
    const current = await sql<TokenRow>`select revoked, updated_at from auth.refresh_tokens
      where id = ${token.id}`.execute(trx)
    if (!session || !current.rows[0]) return { kind: "not_found" as const }
    const { revoked, updated_at: revokedAt } = current.rows[0]

    const issueChild = async () => {
      const refreshToken = await insertRefreshToken(trx, deps, session.id, token.user_id, token.id)
      await sql`update auth.sessions set refreshed_at = ${now}, updated_at = ${now}
        where id = ${session.id}::uuid`.execute(trx)
      // Detach before deleting: parent_id cascades, and would take the active chain with it.
      const cutoff = new Date(now.getTime() - REVOKED_RETENTION_MS)
      const stale = sql`select id from auth.refresh_tokens
        where session_id = ${session.id}::uuid and revoked and updated_at < ${cutoff}`
      await sql`update auth.refresh_tokens set parent_id = null
        where parent_id in (${stale})`.execute(trx)
      await sql`delete from auth.refresh_tokens where id in (${stale})`.execute(trx)
      return { kind: "ok" as const, userId: token.user_id, session, refreshToken }
    }

    if (!revoked) {
      await sql`update auth.refresh_tokens set revoked = true, updated_at = ${now}
        where id = ${token.id}`.execute(trx)
      return issueChild()
    }
    const child = await sql<{ salt: string }>`select salt from auth.refresh_tokens
      where parent_id = ${token.id} and not revoked order by id desc limit 1`.execute(trx)
    if (child.rows[0]) {
      const refreshToken = refreshTokenFromSalt(deps, child.rows[0].salt)
      return { kind: "ok" as const, userId: token.user_id, session, refreshToken }
    }
    if (now.getTime() - new Date(revokedAt).getTime() <= REUSE_INTERVAL_MS) return issueChild()
    await sql`delete from auth.sessions where id = ${session.id}::uuid`.execute(trx)
    return { kind: "reused" as const }
  })
  // Thrown after the commit, so the session stays revoked.
  if (outcome.kind === "not_found")
    throw new AuthError(
      400,
      "refresh_token_not_found",
      "Invalid Refresh Token: Refresh Token Not Found",
    )
  if (outcome.kind === "reused")
    throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
  return outcome
}
