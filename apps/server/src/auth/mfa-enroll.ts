import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { isLiveFactor, MAX_FACTORS_PER_USER, UNVERIFIED_FACTOR_TTL_MS } from "./factors"
import { bearerToken } from "../identity/bearer"
import { readBody } from "./request"
import { encryptTotpSecret, newTotpSecret, totpEnrolment } from "./totp"

const enrollSchema = z.object({
  factor_type: z.literal("totp", { error: "factor_type must be totp" }),
  friendly_name: z.string().trim().max(100, { error: "friendly_name is too long" }).nullish(),
  issuer: z.string().trim().min(1).max(100, { error: "issuer is too long" }).nullish(),
})

/**
 * POST /factors — Supabase Auth's mfa.enroll for TOTP: a new unverified factor with a fresh
 * secret, answered once with the secret, its otpauth:// URI and QR code. The factor counts only
 * once a code verified it. Abandoned enrolments (over an hour, or one with the same name) are
 * replaced; a verified factor of that name is a conflict. With a verified factor already, adding
 * another needs an aal2 session.
 */
export function enrollFactor(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user, claims } = await authenticateUser(deps, bearerToken(c))
    const body = await readBody(c, enrollSchema)
    const friendlyName = body.friendly_name ?? ""
    const issuer = body.issuer ?? new URL(deps.env.SITE_URL).hostname
    const now = deps.clock()
    const id = crypto.randomUUID()
    const secret = newTotpSecret()

    await deps.database.db.transaction().execute(async (trx) => {
      // Serialises enrolments of one user, so the limit and the name check hold under races.
      await sql`select id from auth.users where id = ${user.id}::uuid for update`.execute(trx)
      const stale = new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_MS)
      await sql`delete from auth.mfa_factors where user_id = ${user.id}::uuid
        and status = 'unverified'
        and (created_at <= ${stale} or (friendly_name = ${friendlyName} and friendly_name <> ''))`.execute(
        trx,
      )
      const { rows } = await sql<{ status: string; friendly_name: string }>`
        select status, friendly_name from auth.mfa_factors
        where user_id = ${user.id}::uuid and ${isLiveFactor(now)}`.execute(trx)
      if (rows.some((f) => f.status === "verified") && claims.aal !== "aal2")
        throw new AuthError(403, "insufficient_aal", "AAL2 required to enroll a new factor")
      if (friendlyName && rows.some((f) => f.friendly_name === friendlyName))
        throw new AuthError(
          422,
          "mfa_factor_name_conflict",
          `A factor with the friendly name "${friendlyName}" for this user already exists`,
        )
      if (rows.length >= MAX_FACTORS_PER_USER)
        throw new AuthError(
          422,
          "too_many_enrolled_mfa_factors",
          "Maximum number of enrolled factors reached, unenroll to continue",
        )
      await sql`insert into auth.mfa_factors
          (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
        values (${id}::uuid, ${user.id}::uuid, ${friendlyName}, 'totp', 'unverified',
          ${encryptTotpSecret(deps, user.id, secret)}, ${now}, ${now})`.execute(trx)
    })

    return c.json({
      id,
      type: "totp" as const,
      friendly_name: friendlyName,
      totp: totpEnrolment(secret, issuer, user.email ?? user.id),
    })
  }
}
