import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import type { AuthContext } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { AuthError } from "./errors"
import { endPendingInvitation, isPendingCompanyInvitation } from "./pending-invitation"
import { acceptRedirect } from "./redirect"
import { emailField, metadataField, readBody } from "./request"
import { findUserByEmail, insertUser } from "./users"

const otpSchema = z.object({
  email: emailField.optional(),
  phone: z.string().nullish(),
  data: metadataField,
  create_user: z.boolean().nullish(),
})

/**
 * POST /otp — Supabase Auth's signInWithOtp for email: mails a magic link (through GET /verify)
 * and a six-digit code (POST /verify {email, token, type}). With create_user (the default) an
 * unknown email gets a new account without a password, `data` as its user_metadata; verifying
 * the link confirms the email. Deviation from Supabase, which answers 422 otp_disabled (or
 * signup_disabled) for an unknown email it may not create: that tells registered addresses from
 * unknown ones, so here both get the same `{}` and only a registered one gets an email. Phone OTP
 * is not supported.
 */
export function otp(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const body = await readBody(c, otpSchema)
    if (!body.email)
      throw new AuthError(
        400,
        "validation_failed",
        "An email address is required (phone sign-in is not supported)",
      )
    const email = body.email
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const now = deps.clock()

    const found = await deps.database.db.transaction().execute(async (trx) => {
      let user = await findUserByEmail(trx, email)
      // An unaccepted company invitation binds nobody: the address is as unknown here, and signing
      // in creates the person's own account (withdrawing the invitation), never a session in the
      // inviting company.
      if (user && isPendingCompanyInvitation(user)) {
        if (body.create_user === false || deps.env.DISABLE_SIGNUP) return undefined
        await endPendingInvitation(trx, user.id, "signed_up")
        user = undefined
      }
      if (!user) {
        if (body.create_user === false || deps.env.DISABLE_SIGNUP) return undefined
        await insertUser(trx, { email, passwordHash: null, metadata: body.data, now })
        user = await findUserByEmail(trx, email)
      }
      if (!user) return undefined
      await sql`update auth.users set recovery_sent_at = ${now}, updated_at = ${now}
        where id = ${user.id}::uuid`.execute(trx)
      return issueEmailToken(trx, deps, { id: user.id, email }, "magiclink")
    })
    if (found) await sendTokenEmail(deps, "magiclink", email, found, redirectTo)
    return c.json({})
  }
}
