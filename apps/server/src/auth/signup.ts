import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { type AuthContext, limitCaller, limitEmailSends } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { AuthError } from "./errors"
import { assertStrongPassword, hashPassword } from "./password"
import { acceptRedirect } from "./redirect"
import { emailField, metadataField, readBody } from "./request"
import {
  fakeUserResponse,
  findUserByEmail,
  findUserById,
  insertUser,
  isConfirmed,
  toUserResponse,
} from "./users"

const signupSchema = z.object({
  email: emailField,
  password: z.string({ error: "Signup requires a valid password" }),
  data: metadataField,
})

/**
 * POST /signup — Supabase Auth's email sign-up with confirmation on: creates the user (the
 * `data` becomes user_metadata, e.g. company_name), mails the confirmation link and returns the
 * bare user, no session. An email that is already confirmed or invited gets a fake user with
 * `identities: []` and no email. An existing unconfirmed user gets the confirmation again and,
 * since whoever confirms will own the account, the password of this latest sign-up.
 */
export function signup(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    limitCaller(ctx, c, "signup")
    if (deps.env.DISABLE_SIGNUP)
      throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance")
    const body = await readBody(c, signupSchema)
    assertStrongPassword(body.password)
    limitEmailSends(ctx, body.email)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const passwordHash = await hashPassword(body.password)
    const now = deps.clock()

    const outcome = await deps.database.db.transaction().execute(async (trx) => {
      const createdId = await insertUser(trx, {
        email: body.email,
        passwordHash,
        metadata: body.data,
        now,
      })
      const existing = createdId ? undefined : await findUserByEmail(trx, body.email)
      const id = createdId ?? existing?.id
      if (!id || (existing && (isConfirmed(existing) || existing.invited_at)))
        return { kind: "registered" as const }
      await sql`update auth.users set confirmation_sent_at = ${now}, updated_at = ${now}
        ${existing ? sql`, encrypted_password = ${passwordHash}` : sql``}
        where id = ${id}::uuid`.execute(trx)
      const token = await issueEmailToken(trx, deps, { id, email: body.email }, "signup")
      const user = await findUserById(trx, id)
      return { kind: "pending" as const, user: user!, token }
    })

    if (outcome.kind === "registered") return c.json(fakeUserResponse(body.email, body.data, now))
    await sendTokenEmail(deps, "signup", body.email, outcome.token, redirectTo)
    return c.json(toUserResponse(outcome.user))
  }
}
