import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { type AuthContext, limitCaller, limitEmailSends } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { AuthError } from "./errors"
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
 * the link confirms the email. Deviation: phone OTP is not supported.
 */
export function otp(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    limitCaller(ctx, c, "otp")
    const body = await readBody(c, otpSchema)
    if (!body.email)
      throw new AuthError(
        400,
        "validation_failed",
        "An email address is required (phone sign-in is not supported)",
      )
    const email = body.email
    limitEmailSends(ctx, email)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const now = deps.clock()

    const found = await deps.database.db.transaction().execute(async (trx) => {
      let user = await findUserByEmail(trx, email)
      if (!user) {
        if (body.create_user === false)
          throw new AuthError(422, "otp_disabled", "Signups not allowed for otp")
        if (deps.env.DISABLE_SIGNUP)
          throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance")
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
