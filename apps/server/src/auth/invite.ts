import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import type { Db } from "../db/schema"
import type { AppDeps } from "../deps"
import { requireServiceRole } from "./authenticate"
import type { AuthContext } from "./context"
import { type EmailToken, issueEmailToken, sendTokenEmail } from "./email-tokens"
import { AuthError } from "./errors"
import { acceptRedirect } from "./redirect"
import { bearerToken } from "../identity/bearer"
import { emailField, metadataField, readBody } from "./request"
import { findUserByEmail, findUserById, insertUser, isConfirmed, toUserResponse } from "./users"

export type InviteInput = {
  email: string
  data?: Record<string, unknown>
  redirectTo?: string
  /** Server-only: with `nativ_company_id` (and `nativ_role`), the new user joins that company. */
  appMetadata?: Record<string, unknown>
  /** Refuse (422 email_exists) any email that already has a user, confirmed or not. */
  newOnly?: boolean
  /** Runs in the invitation's transaction, e.g. to record it in the activity log. */
  within?: (trx: Db, userId: string) => Promise<void>
  /** When the emailed link stops working (default: the invite token's lifetime). */
  expiresAt?: Date
  /** Sends the invitation email after commit (default: the generic invitation email). */
  sendEmail?: (token: EmailToken) => Promise<void>
}

/**
 * Invites an account (POST /invite and the operator CLI share this): creates the user without a
 * password (`data` as user_metadata, e.g. company_name), or re-invites an unconfirmed one —
 * dropping any password it had, since whoever accepts the invitation owns the account — and mails
 * the link: GET /verify → `redirectTo` (default SITE_URL/set-password) with the session. A
 * confirmed email is 422 email_exists.
 */
export async function inviteUser(deps: AppDeps, input: InviteInput) {
  const parsed = emailField.safeParse(input.email)
  if (!parsed.success)
    throw new AuthError(
      400,
      "validation_failed",
      parsed.error.issues[0]?.message ?? "Invalid email",
    )
  const email = parsed.data
  const data = input.data ?? {}
  const now = deps.clock()
  const emailExists = () =>
    new AuthError(422, "email_exists", "A user with this email address has already been registered")
  const outcome = await deps.database.db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email)
    if (existing && (input.newOnly || isConfirmed(existing))) throw emailExists()
    const id = existing
      ? existing.id
      : await insertUser(trx, {
          email,
          passwordHash: null,
          metadata: data,
          now,
          invited: true,
          ...(input.appMetadata ? { appMetadata: input.appMetadata } : {}),
        })
    if (!id) throw emailExists()
    await sql`update auth.users set invited_at = ${now}, updated_at = ${now},
        encrypted_password = null,
        raw_user_meta_data = raw_user_meta_data || ${JSON.stringify(data)}::jsonb
      where id = ${id}::uuid`.execute(trx)
    const token = await issueEmailToken(trx, deps, { id, email }, "invite", input.expiresAt)
    await input.within?.(trx, id)
    return { user: (await findUserById(trx, id))!, token }
  })
  if (input.sendEmail) await input.sendEmail(outcome.token)
  else await sendTokenEmail(deps, "invite", email, outcome.token, input.redirectTo)
  return outcome.user
}

const inviteSchema = z.object({ email: emailField, data: metadataField })

/**
 * POST /invite — Supabase Auth's admin inviteUserByEmail: service-role key only (403 not_admin
 * otherwise), 200 user with invited_at.
 */
export function invite({ deps }: AuthContext): Handler {
  return async (c) => {
    await requireServiceRole(deps, bearerToken(c))
    const body = await readBody(c, inviteSchema)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const user = await inviteUser(deps, { ...body, ...(redirectTo ? { redirectTo } : {}) })
    return c.json(toUserResponse(user))
  }
}
