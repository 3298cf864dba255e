import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { recordAuditEvent } from "../audit/record"
import type { Db } from "../db/schema"
import { bearerToken } from "../identity/bearer"
import { sendSecurityEmail } from "../mail/security-email"
import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { raiseToAal2 } from "./mfa-verify"
import {
  consumeRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeStatus,
  replaceRecoveryCodes,
} from "./recovery-codes"
import { readBody } from "./request"
import { sessionResponse } from "./sessions"

/*
 * Two-factor recovery codes: not part of Supabase Auth, so these are Nativ's own endpoints beside
 * /factors, in the same error shape. Ten single-use codes, stored as keyed hashes only.
 */

const verifySchema = z.object({
  code: z
    .string({ error: "code is required" })
    .trim()
    .min(1, "Enter a recovery code")
    .max(64, "A recovery code has 10 letters and digits"),
})

const noFactor = () =>
  new AuthError(
    422,
    "mfa_factor_not_found",
    "Turn on two-factor authentication before asking for recovery codes",
  )

async function verifiedFactorId(db: Db, userId: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`select id from auth.mfa_factors
    where user_id = ${userId}::uuid and status = 'verified'
    order by created_at limit 1`.execute(db)
  return rows[0]?.id
}

/** The company whose activity log records the person's security events (none for no company). */
async function companyOf(db: Db, userId: string): Promise<string | undefined> {
  const { rows } = await sql<{ user_id: string }>`select user_id from public.end_users
    where auth_user_id = ${userId}::uuid limit 1`.execute(db)
  return rows[0]?.user_id
}

/** GET /recovery-codes — how many unused codes are left: `{remaining, total, created_at}`. */
export function recoveryCodesStatus({ deps }: AuthContext): Handler {
  return async (c) => {
    const { user } = await authenticateUser(deps, bearerToken(c))
    const status = await recoveryCodeStatus(deps.database.db, user.id)
    return c.json({ ...status, total: RECOVERY_CODE_COUNT })
  }
}

/**
 * POST /recovery-codes — a new set of ten codes, answered once as `{codes}`; the old set stops
 * working. Needs two-factor on and an aal2 session (a code proved at sign-in or at setup).
 */
export function generateRecoveryCodes({ deps }: AuthContext): Handler {
  return async (c) => {
    const { user, claims } = await authenticateUser(deps, bearerToken(c))
    if (claims.aal !== "aal2")
      throw new AuthError(403, "insufficient_aal", "AAL2 required to create recovery codes")
    const now = deps.clock()
    const codes = await deps.database.db.transaction().execute(async (trx) => {
      if (!(await verifiedFactorId(trx, user.id))) throw noFactor()
      const created = await replaceRecoveryCodes(trx, deps, user.id, now)
      const company = await companyOf(trx, user.id)
      if (company)
        await recordAuditEvent(trx, {
          companyId: company,
          actorId: user.id,
          action: "two_factor.recovery_codes_created",
          target: user.email,
        })
      return created
    })
    c.header("Cache-Control", "no-store")
    return c.json({ codes })
  }
}

/**
 * POST /recovery-codes/verify `{code}` — the second sign-in step with a recovery code instead of
 * an authenticator code: the code is used up and the session rises to aal2 exactly as
 * POST /factors/{id}/verify does (answering the new session). Each use is recorded in the
 * company's activity log and emailed to the person. Attempts share the TOTP verify limits.
 */
export function verifyRecoveryCode({ deps }: AuthContext): Handler {
  return async (c) => {
    const { user, sessionId } = await authenticateUser(deps, bearerToken(c), "finishing-sign-in")
    const body = await readBody(c, verifySchema)
    const now = deps.clock()
    const result = await deps.database.db.transaction().execute(async (trx) => {
      const factorId = await verifiedFactorId(trx, user.id)
      if (!factorId) throw noFactor()
      if (!(await consumeRecoveryCode(trx, deps, user.id, body.code, now)))
        throw new AuthError(
          422,
          "mfa_verification_failed",
          "This recovery code is not valid or has already been used",
        )
      const raised = await raiseToAal2(
        trx,
        deps,
        user.id,
        sessionId,
        factorId,
        "recovery_code",
        now,
      )
      const { remaining } = await recoveryCodeStatus(trx, user.id)
      const company = await companyOf(trx, user.id)
      if (company)
        await recordAuditEvent(trx, {
          companyId: company,
          actorId: user.id,
          action: "two_factor.recovery_code_used",
          target: user.email,
          details: { remaining },
        })
      return { ...raised, remaining }
    })
    await sendSecurityEmail(deps, user.email, {
      kind: "recovery_code_used",
      remaining: result.remaining,
    })
    return c.json(await sessionResponse(deps, result.user, result.session, result.refreshToken))
  }
}
