import type { Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import type { AuthContext } from "./context"
import { issueEmailToken, sendTokenEmail } from "./email-tokens"
import { isPendingCompanyInvitation } from "./pending-invitation"
import { acceptRedirect } from "./redirect"
import { emailField, readBody } from "./request"
import { findUserByEmail } from "./users"

const recoverSchema = z.object({ email: emailField })

/**
 * POST /recover — Supabase Auth's resetPasswordForEmail: mails a recovery link (through GET
 * /verify to `redirect_to`, event PASSWORD_RECOVERY) and always answers 200 `{}`, also for unknown
 * emails, so the answer does not reveal who has an account.
 */
export function recover(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c) => {
    const { email } = await readBody(c, recoverSchema)
    const redirectTo = acceptRedirect(deps.env, c.req.query("redirect_to"))
    const user = await findUserByEmail(deps.database.db, email)
    // An unaccepted company invitation has no password to reset: a recovery link would sign the
    // address into the inviting company without accepting.
    if (user?.email && !isPendingCompanyInvitation(user)) {
      const now = deps.clock()
      const token = await deps.database.db.transaction().execute(async (trx) => {
        await sql`update auth.users set recovery_sent_at = ${now}, updated_at = ${now}
          where id = ${user.id}::uuid`.execute(trx)
        return issueEmailToken(trx, deps, { id: user.id, email: user.email! }, "recovery")
      })
      await sendTokenEmail(deps, "recovery", user.email, token, redirectTo)
    }
    return c.json({})
  }
}
