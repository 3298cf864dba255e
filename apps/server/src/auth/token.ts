import type { Handler } from "hono"
import { z } from "zod"

import { type AuthContext, requestClient } from "./context"
import { AuthError } from "./errors"
import { checkPassword } from "./password"
import { rotateRefreshToken } from "./refresh"
import { readBody } from "./request"
import { sessionResponse, startSession } from "./sessions"
import { findUserByEmail, findUserById, isConfirmed } from "./users"

const passwordGrantSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: "missing email or phone" }).max(255),
  password: z.string({ error: "missing password" }),
})

const refreshGrantSchema = z.object({
  refresh_token: z.string({ error: "refresh_token required" }).min(1).max(512),
})

const invalidCredentials = () =>
  new AuthError(400, "invalid_credentials", "Invalid login credentials")

/**
 * POST /token?grant_type=password|refresh_token — Supabase Auth's token endpoint. The password
 * is checked before confirmation (a wrong password on an unconfirmed account is
 * invalid_credentials); refresh tokens rotate (see rotateRefreshToken).
 */
export function token(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const grant = c.req.query("grant_type")
    if (grant === "password") {
      const body = await readBody(c, passwordGrantSchema)
      const user = await findUserByEmail(deps.database.db, body.email)
      const matches = await checkPassword(user?.encrypted_password ?? null, body.password)
      if (!user || !matches) throw invalidCredentials()
      if (!isConfirmed(user)) throw new AuthError(400, "email_not_confirmed", "Email not confirmed")
      if (user.banned_until && user.banned_until > deps.clock())
        throw new AuthError(400, "user_banned", "User is banned")
      const { session, refreshToken } = await deps.database.db
        .transaction()
        .execute((trx) => startSession(trx, deps, user, "password", requestClient(ctx, c)))
      return c.json(await sessionResponse(deps, user, session, refreshToken))
    }
    if (grant === "refresh_token") {
      const body = await readBody(c, refreshGrantSchema)
      const rotated = await rotateRefreshToken(deps, body.refresh_token)
      const user = await findUserById(deps.database.db, rotated.userId)
      if (!user || (user.banned_until && user.banned_until > deps.clock()))
        throw new AuthError(
          400,
          "refresh_token_not_found",
          "Invalid Refresh Token: Refresh Token Not Found",
        )
      return c.json(await sessionResponse(deps, user, rotated.session, rotated.refreshToken))
    }
    throw new AuthError(
      400,
      "validation_failed",
      "Unsupported grant_type: use password or refresh_token",
    )
  }
}
