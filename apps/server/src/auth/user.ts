import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import { deleteGrantsOfUser } from "../api/connected-apps/connected-apps.repo"

import { authenticateUser } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { assertStrongPassword, checkPassword, hashPassword } from "./password"
import { bearerToken } from "../identity/bearer"
import { readBody } from "./request"
import { findUserById, toUserResponse } from "./users"
import { sendSecurityEmail } from "../mail/security-email"

/** GET /user — the signed-in user (Supabase Auth: signature, user and session must exist). */
export function getUser({ deps }: AuthContext): Handler {
  return async (c) => {
    // The second sign-in step reads the user's factors from here.
    const { user } = await authenticateUser(deps, bearerToken(c), "finishing-sign-in")
    return c.json(toUserResponse(user))
  }
}

const updateUserSchema = z.object({
  password: z.string().optional(),
  current_password: z.string().max(1024).nullish(),
  email: z.string().trim().toLowerCase().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
})

/**
 * PUT /user — Supabase Auth's updateUser for `password` and `data` (merged into user_metadata; a
 * null value removes a key). A new password signs out the user's other sessions; the same
 * password again is 422 same_password; a `current_password` that is wrong is 400
 * current_password_invalid (guesses count against the auth rate limit). With two-factor on, any
 * change needs an aal2 session (Supabase Auth asks it only for email and password; here an aal1
 * session only finishes signing in). Deviation: changing the email is not supported (400).
 */
export function updateUser(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { user, sessionId } = await authenticateUser(deps, bearerToken(c))
    const body = await readBody(c, updateUserSchema)
    if (body.email !== undefined && body.email !== user.email)
      throw new AuthError(400, "validation_failed", "Changing the email address is not supported")

    let passwordHash: string | undefined
    if (body.password !== undefined) {
      if (body.current_password != null) {
        if (!(await checkPassword(user.encrypted_password, body.current_password)))
          throw new AuthError(400, "current_password_invalid", "Current password is incorrect")
      }
      assertStrongPassword(body.password)
      if (user.encrypted_password && (await checkPassword(user.encrypted_password, body.password)))
        throw new AuthError(
          422,
          "same_password",
          "New password should be different from the old password.",
        )
      passwordHash = await hashPassword(body.password)
    }
    const metadata = body.data ? mergeMetadata(user.raw_user_meta_data, body.data) : undefined
    if (metadata && JSON.stringify(metadata).length > 4096)
      throw new AuthError(400, "validation_failed", "User metadata is too large")

    const now = deps.clock()
    const updated = await deps.database.db.transaction().execute(async (trx) => {
      await sql`update auth.users set updated_at = ${now}
        ${passwordHash ? sql`, encrypted_password = ${passwordHash}` : sql``}
        ${metadata ? sql`, raw_user_meta_data = ${JSON.stringify(metadata)}::jsonb` : sql``}
        where id = ${user.id}::uuid`.execute(trx)
      if (passwordHash) {
        await sql`delete from auth.sessions
          where user_id = ${user.id}::uuid and id <> ${sessionId}::uuid`.execute(trx)
        await deleteGrantsOfUser(trx, user.id)
      }
      return findUserById(trx, user.id)
    })
    // A first password (after an invitation) is not a change worth a warning.
    if (passwordHash && user.encrypted_password)
      await sendSecurityEmail(deps, user.email, { kind: "password_changed" })
    return c.json(toUserResponse(updated!))
  }
}

function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}
