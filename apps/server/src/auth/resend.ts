import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import type { AuthContext } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { acceptRedirect } from "./redirect"
import { emailField, readBody } from "./request"
import { findUserByEmail, isConfirmed } from "./users"

const resendSchema = z.object({
  type: z.literal("signup", { error: "Only the sign-up confirmation (type signup) can be resent" }),
  email: emailField,
})

/**
 * POST /resend — Supabase Auth's resend for `type: "signup"`: mails the confirmation link again
 * to an account that signed up and has not confirmed yet. Always 200 `{}` (unknown, confirmed
 * and invited addresses get no email), so the answer does not reveal who has an account; the
 * route's limits (per caller and per address per hour) keep it from flooding an inbox.
 * Deviation: other types (sms, email_change, phone_change) are refused with 400.
 */
export function resend(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { email } = await readBody(c, resendSchema)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const user = await findUserByEmail(deps.database.db, email)
    if (user?.email && !isConfirmed(user) && !user.invited_at && user.encrypted_password) {
      const now = deps.clock()
      const token = await deps.database.db.transaction().execute(async (trx) => {
        await sql`update auth.users set confirmation_sent_at = ${now}, updated_at = ${now}
          where id = ${user.id}::uuid`.execute(trx)
        return issueEmailToken(trx, deps, { id: user.id, email: user.email! }, "signup")
      })
      await sendTokenEmail(deps, "signup", user.email, token, redirectTo)
    }
    return c.json({})
  }
}
