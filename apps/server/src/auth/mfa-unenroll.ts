import type { Handler } from "hono"
import { sql } from "kysely"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { findLiveFactor } from "./factors"
import { factorIdParam, factorNotFound } from "./mfa-request"
import { bearerToken } from "../identity/bearer"
import { sendSecurityEmail } from "../mail/security-email"
import type { Amr } from "./sessions"

/** How recently a code must have been proved to remove two-factor. */
export const STEP_UP_WINDOW_MS = 10 * 60_000

const SECOND_FACTORS = new Set(["totp", "recovery_code"])

/** Whether the session proved a TOTP or recovery code within the step-up window. */
export function provedCodeRecently(amr: Amr | undefined, now: Date): boolean {
  const since = Math.floor((now.getTime() - STEP_UP_WINDOW_MS) / 1000)
  return (amr ?? []).some((entry) => SECOND_FACTORS.has(entry.method) && entry.timestamp >= since)
}

/**
 * DELETE /factors/{id} — Supabase Auth's mfa.unenroll: `{id}`. Removing a verified factor needs an
 * aal2 session (403 insufficient_aal), so a stolen password alone cannot turn two-factor off.
 * Deviation: the session must also have proved a code (TOTP or recovery) in the last ten minutes
 * (403 reauthentication_needed), so an unattended signed-in browser cannot turn it off either.
 * Other sessions raised with that factor end; this one goes back to aal1 (its next refresh says
 * so). When no verified factor is left, the recovery codes go too, and the owner is emailed.
 */
export function unenrollFactor(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user, claims, sessionId } = await authenticateUser(deps, bearerToken(c))
    const factorId = factorIdParam(c)
    const now = deps.clock()
    const removedVerified = await deps.database.db.transaction().execute(async (trx) => {
      const factor = await findLiveFactor(trx, user.id, factorId, now, true)
      if (!factor) throw factorNotFound()
      const verified = factor.status === "verified"
      if (verified && claims.aal !== "aal2")
        throw new AuthError(403, "insufficient_aal", "AAL2 required to unenroll verified factor")
      if (verified) {
        const { rows } = await sql<{ amr: Amr }>`select amr from auth.sessions
          where id = ${sessionId}::uuid`.execute(trx)
        if (!provedCodeRecently(rows[0]?.amr, now))
          throw new AuthError(
            403,
            "reauthentication_needed",
            "Enter a current code from your authenticator app, or a recovery code, to turn off two-factor authentication",
          )
      }
      await sql`delete from auth.mfa_factors where id = ${factor.id}::uuid`.execute(trx)
      await sql`delete from auth.sessions where user_id = ${user.id}::uuid
        and factor_id = ${factor.id}::uuid and id <> ${sessionId}::uuid`.execute(trx)
      await sql`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = ${now}
        where id = ${sessionId}::uuid and factor_id = ${factor.id}::uuid`.execute(trx)
      await sql`delete from auth.mfa_recovery_codes where user_id = ${user.id}::uuid
        and not exists (select from auth.mfa_factors f where f.user_id = ${user.id}::uuid
          and f.status = 'verified')`.execute(trx)
      return verified
    })
    if (removedVerified) await sendSecurityEmail(deps, user.email, { kind: "two_factor_disabled" })
    return c.json({ id: factorId })
  }
}
