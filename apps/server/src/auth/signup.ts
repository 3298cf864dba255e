import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { grantSignupCredits } from "../billing/signup-grant"

import type { AuthContext } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { AuthError } from "./errors"
import { endPendingInvitation, isPendingCompanyInvitation } from "./pending-invitation"
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
 * bare user, no session. An address with an unaccepted company invitation signs up as a new one
 * (the invitation is withdrawn). An email that is already confirmed or invited gets a fake user with
 * `identities: []` and no email. An existing unconfirmed user gets the confirmation again and
 * keeps everything else: a second sign-up may not be the owner's, so it must not set the password
 * the owner will sign in with once they confirm (pre-account takeover). Its answer is shaped like
 * a new sign-up's, with random ids and the caller's own metadata, so it reveals nothing.
 */
export function signup(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    if (deps.env.DISABLE_SIGNUP)
      throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance")
    const body = await readBody(c, signupSchema)
    assertStrongPassword(body.password)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const passwordHash = await hashPassword(body.password)
    const now = deps.clock()

    const outcome = await deps.database.db.transaction().execute(async (trx) => {
      const newUser = { email: body.email, passwordHash, metadata: body.data, now }
      let createdId = await insertUser(trx, newUser)
      let existing = createdId ? undefined : await findUserByEmail(trx, body.email)
      // An unaccepted company invitation binds nobody: the sign-up founds the person's own company.
      if (existing && isPendingCompanyInvitation(existing)) {
        await endPendingInvitation(trx, existing.id, "signed_up")
        createdId = await insertUser(trx, newUser)
        existing = createdId ? undefined : await findUserByEmail(trx, body.email)
      }
      const id = createdId ?? existing?.id
      if (!id || (existing && (isConfirmed(existing) || existing.invited_at)))
        return { kind: "registered" as const }
      // A new user founds a company of the same id (the auth.users trigger): its welcome credits.
      if (createdId) await grantSignupCredits(trx, createdId, deps.env.SIGNUP_CREDITS)
      await sql`update auth.users set confirmation_sent_at = ${now}, updated_at = ${now}
        where id = ${id}::uuid`.execute(trx)
      const token = await issueEmailToken(trx, deps, { id, email: body.email }, "signup")
      if (existing) return { kind: "resent" as const, token }
      const user = await findUserById(trx, id)
      return { kind: "created" as const, user: user!, token }
    })

    if (outcome.kind === "registered") return c.json(fakeUserResponse(body.email, body.data, now))
    await sendTokenEmail(deps, "signup", body.email, outcome.token, redirectTo)
    if (outcome.kind === "resent") return c.json(pendingUserResponse(body.email, body.data, now))
    return c.json(toUserResponse(outcome.user))
  }
}

/** A new sign-up's answer (one email identity, confirmation pending) for no real account. */
function pendingUserResponse(email: string, metadata: Record<string, unknown>, now: Date) {
  const id = crypto.randomUUID()
  return toUserResponse({
    id,
    aud: "authenticated",
    role: "authenticated",
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: "email", providers: ["email"] },
    raw_user_meta_data: metadata,
    created_at: now,
    updated_at: now,
    banned_until: null,
    is_anonymous: false,
    identity_id: crypto.randomUUID(),
    identity_created_at: now,
    identity_updated_at: now,
    identity_last_sign_in_at: null,
    factors: [],
  })
}
