import type { Handler } from "hono"
import { sql } from "kysely"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { findLiveFactor } from "./factors"
import { factorIdParam, factorNotFound } from "./mfa-request"
import { bearerToken } from "../identity/bearer"
import { clientIp } from "./request"

/** Supabase Auth's challenge lifetime: the code must be verified within five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000

/**
 * POST /factors/{id}/challenge — Supabase Auth's mfa.challenge for TOTP: records a challenge the
 * next verify answers, `{id, type, expires_at}` (seconds). The body auth-js sends is ignored.
 */
export function challengeFactor(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user } = await authenticateUser(deps, bearerToken(c), "finishing-sign-in")
    const factorId = factorIdParam(c)
    const now = deps.clock()
    const factor = await findLiveFactor(deps.database.db, user.id, factorId, now)
    if (!factor) throw factorNotFound()
    const challengeId = await deps.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`insert into auth.mfa_challenges
          (factor_id, ip_address, created_at)
        values (${factor.id}::uuid, ${clientIp(c, deps.env.TRUST_PROXY)}, ${now})
        returning id`.execute(trx)
      await sql`update auth.mfa_factors set last_challenged_at = ${now}
        where id = ${factor.id}::uuid`.execute(trx)
      // Old challenges of this factor are of no more use: one per factor is enough to verify.
      await sql`delete from auth.mfa_challenges where factor_id = ${factor.id}::uuid
        and created_at < ${new Date(now.getTime() - CHALLENGE_TTL_MS)}`.execute(trx)
      return rows[0]!.id
    })
    return c.json({
      id: challengeId,
      type: "totp" as const,
      expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000),
    })
  }
}
