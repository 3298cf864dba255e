import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { findLiveFactor } from "./factors"
import { CHALLENGE_TTL_MS } from "./mfa-challenge"
import { factorIdParam, factorNotFound } from "./mfa-request"
import { bearerToken } from "../identity/bearer"
import { readBody } from "./request"
import { type Amr, insertRefreshToken, type SessionRef, sessionResponse } from "./sessions"
import { decryptTotpSecret, matchingTotpStep } from "./totp"
import { findUserById } from "./users"
import { sendSecurityEmail } from "../mail/security-email"

/**
 * Verification attempts per user per minute (each caller address also meets the auth limit).
 * With three codes valid at a time, a guesser who has the password wins about once in 33,000
 * minutes of trying.
 */
export const MFA_VERIFY_ATTEMPTS_PER_MINUTE = 10

const verifySchema = z.object({
  challenge_id: z.uuid({ error: "challenge_id must be the id of a challenge" }),
  code: z.string({ error: "code is required" }).trim().max(16),
})

const challengeExpired = (id: string) =>
  new AuthError(
    422,
    "mfa_challenge_expired",
    `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
  )

/**
 * POST /factors/{id}/verify — Supabase Auth's mfa.verify for TOTP. A current code (±30 s) not
 * used before on this factor verifies the factor and raises this session to aal2: `totp` joins
 * the session's amr, a new refresh token replaces the old one, and the user's other sessions
 * still at aal1 end, as Supabase Auth does. Answers the new session (auth-js then emits
 * MFA_CHALLENGE_VERIFIED). Each challenge is used once and lives five minutes.
 */
export function verifyFactor(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user, sessionId } = await authenticateUser(deps, bearerToken(c), "finishing-sign-in")
    const factorId = factorIdParam(c)
    const body = await readBody(c, verifySchema)
    const now = deps.clock()

    const result = await deps.database.db.transaction().execute(async (trx) => {
      // Locked: two requests with the same code cannot both pass the replay check.
      const factor = await findLiveFactor(trx, user.id, factorId, now, true)
      if (!factor) throw factorNotFound()
      const { rows } = await sql<{ created_at: Date }>`select created_at from auth.mfa_challenges
        where id = ${body.challenge_id}::uuid and factor_id = ${factor.id}::uuid
          and verified_at is null`.execute(trx)
      const challenge = rows[0]
      if (
        !challenge ||
        new Date(challenge.created_at).getTime() + CHALLENGE_TTL_MS <= now.getTime()
      )
        throw challengeExpired(body.challenge_id)

      const secret = decryptTotpSecret(deps, user.id, factor.secret)
      const step = matchingTotpStep(secret, body.code, now)
      const lastStep = factor.last_used_step === null ? -1 : Number(factor.last_used_step)
      if (step === undefined || step <= lastStep)
        throw new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered")

      await sql`update auth.mfa_factors set status = 'verified', last_used_step = ${step},
        updated_at = ${now} where id = ${factor.id}::uuid`.execute(trx)
      await sql`delete from auth.mfa_challenges where id = ${body.challenge_id}::uuid`.execute(trx)
      const raised = await raiseToAal2(trx, deps, user.id, sessionId, factor.id, "totp", now)
      await sql`delete from auth.mfa_factors where user_id = ${user.id}::uuid
        and status = 'unverified'`.execute(trx)
      return { ...raised, turnedOn: factor.status !== "verified" }
    })
    if (result.turnedOn)
      await sendSecurityEmail(deps, result.user.email, { kind: "two_factor_enabled" })
    return c.json(await sessionResponse(deps, result.user, result.session, result.refreshToken))
  }
}

type Trx = Parameters<typeof insertRefreshToken>[0]

/**
 * What a proved second factor does to the session, whichever proved it (a TOTP code or a recovery
 * code): aal2, a new refresh token replacing the old one, and the user's other sessions still at
 * aal1 end. Runs in the caller's transaction.
 */
export async function raiseToAal2(
  trx: Trx,
  deps: AuthContext["deps"],
  userId: string,
  sessionId: string,
  factorId: string,
  method: "totp" | "recovery_code",
  now: Date,
) {
  const session = await raiseSession(trx, sessionId, factorId, method, now)
  const parent = await sql<{ id: string }>`update auth.refresh_tokens
    set revoked = true, updated_at = ${now}
    where session_id = ${sessionId}::uuid and not revoked returning id`.execute(trx)
  const newest = parent.rows.map((r) => r.id).sort((a, b) => Number(b) - Number(a))[0]
  const refreshToken = await insertRefreshToken(trx, deps, sessionId, userId, newest ?? null)
  await sql`delete from auth.sessions where user_id = ${userId}::uuid
    and id <> ${sessionId}::uuid and aal = 'aal1'`.execute(trx)
  return { user: (await findUserById(trx, userId))!, session, refreshToken }
}

/** aal2 with `method` as the newest method (Supabase Auth lists amr newest first). */
async function raiseSession(
  trx: Trx,
  sessionId: string,
  factorId: string,
  method: string,
  now: Date,
): Promise<SessionRef> {
  const { rows } = await sql<{ amr: Amr }>`select amr from auth.sessions
    where id = ${sessionId}::uuid for update`.execute(trx)
  const earlier = (rows[0]?.amr ?? []).filter((entry) => entry.method !== method)
  const amr: Amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }, ...earlier]
  await sql`update auth.sessions set aal = 'aal2', factor_id = ${factorId}::uuid,
      amr = ${JSON.stringify(amr)}::jsonb, updated_at = ${now}
    where id = ${sessionId}::uuid`.execute(trx)
  return { id: sessionId, amr, aal: "aal2" }
}
