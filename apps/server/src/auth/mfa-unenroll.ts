import type { Handler } from "hono"
import { sql } from "kysely"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { findLiveFactor } from "./factors"
import { factorIdParam, factorNotFound } from "./mfa-request"
import { bearerToken } from "../identity/bearer"

/**
 * DELETE /factors/{id} — Supabase Auth's mfa.unenroll: `{id}`. Removing a verified factor needs an
 * aal2 session (403 insufficient_aal), so a stolen password alone cannot turn two-factor off.
 * Other sessions raised with that factor end; this one goes back to aal1 (its next refresh says so).
 */
export function unenrollFactor(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user, claims, sessionId } = await authenticateUser(deps, bearerToken(c))
    const factorId = factorIdParam(c)
    const now = deps.clock()
    await deps.database.db.transaction().execute(async (trx) => {
      const factor = await findLiveFactor(trx, user.id, factorId, now, true)
      if (!factor) throw factorNotFound()
      if (factor.status === "verified" && claims.aal !== "aal2")
        throw new AuthError(403, "insufficient_aal", "AAL2 required to unenroll verified factor")
      await sql`delete from auth.mfa_factors where id = ${factor.id}::uuid`.execute(trx)
      await sql`delete from auth.sessions where user_id = ${user.id}::uuid
        and factor_id = ${factor.id}::uuid and id <> ${sessionId}::uuid`.execute(trx)
      await sql`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = ${now}
        where id = ${sessionId}::uuid and factor_id = ${factor.id}::uuid`.execute(trx)
    })
    return c.json({ id: factorId })
  }
}
