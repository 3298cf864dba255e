import type { Handler } from "hono"
import { sql } from "kysely"

import { deleteGrantsOfUser } from "../api/connected-apps/connected-apps.repo"
import { authenticateUser, insufficientAal } from "./authenticate"
import type { AuthContext } from "./context"
import { AuthError } from "./errors"
import { bearerToken } from "../identity/bearer"

/**
 * POST /logout?scope=global|local|others — Supabase Auth's sign-out: global ends all the user's
 * sessions, local this one, others all but this one. 204 with no body. A password-only session of
 * an account with two-factor on may sign only itself out (local): ending the owner's verified
 * sessions is theirs to do, so global and others answer it 403 insufficient_aal.
 */
export function logout({ deps }: AuthContext): Handler {
  return async (c) => {
    const scope = c.req.query("scope") ?? "global"
    if (scope !== "global" && scope !== "local" && scope !== "others")
      throw new AuthError(400, "validation_failed", "Invalid scope: use global, local or others")
    const { user, sessionId, owesSecondFactor } = await authenticateUser(
      deps,
      bearerToken(c),
      "finishing-sign-in",
    )
    if (owesSecondFactor && scope !== "local") throw insufficientAal()
    const db = deps.database.db
    if (scope === "global")
      await sql`delete from auth.sessions where user_id = ${user.id}::uuid`.execute(db)
    else if (scope === "local")
      await sql`delete from auth.sessions where id = ${sessionId}::uuid`.execute(db)
    else
      await sql`delete from auth.sessions
        where user_id = ${user.id}::uuid and id <> ${sessionId}::uuid`.execute(db)
    // Signing out everywhere, or of the other devices, ends connected apps' access too.
    if (scope !== "local") await deleteGrantsOfUser(db, user.id)
    return c.body(null, 204)
  }
}
