import type { Context, Handler } from "hono"
import { sql } from "kysely"
import { z } from "zod"

import type { AppDeps } from "../deps"
import { type AuthContext, requestClient } from "./context"
import { consumeEmailToken, type EmailTokenType, type TokenLookup } from "./email-tokens"
import { AuthError } from "./errors"
import { acceptRedirect, withHash, withQuery } from "./redirect"
import { emailField, readBody } from "./request"
import { type AuthMethod, type Client, sessionResponse, startSession } from "./sessions"
import { findUserById, isConfirmed } from "./users"

const verifyTypes = ["signup", "invite", "magiclink", "recovery", "email_change", "email"] as const
type VerifyType = (typeof verifyTypes)[number]

/** Which stored tokens each /verify type accepts (`email` is sign-up or magic link; no email change). */
const tokenTypes: Record<VerifyType, EmailTokenType[]> = {
  signup: ["signup"],
  invite: ["invite"],
  magiclink: ["magiclink"],
  recovery: ["recovery"],
  email: ["signup", "magiclink"],
  email_change: [],
}
const methods: Record<EmailTokenType, AuthMethod> = {
  signup: "email/signup",
  invite: "invite",
  magiclink: "magiclink",
  recovery: "recovery",
}

/**
 * Uses an email token: confirms the email and starts a session, in one transaction. An account
 * confirmed here by anything but its sign-up link loses a password set before the email was
 * proven (someone else may have registered the address); the user sets one after an invite or
 * recovery, or asks for one later.
 */
async function verifyToken(deps: AppDeps, lookup: TokenLookup, type: VerifyType, client: Client) {
  const now = deps.clock()
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const consumed = await consumeEmailToken(trx, deps, lookup, tokenTypes[type])
    if (!consumed) return undefined
    const before = await findUserById(trx, consumed.userId)
    if (!before) return undefined
    const dropPassword = !isConfirmed(before) && consumed.type !== "signup"
    await sql`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, ${now}),
        updated_at = ${now} ${dropPassword ? sql`, encrypted_password = null` : sql``}
      where id = ${before.id}::uuid`.execute(trx)
    const user = (await findUserById(trx, before.id))!
    const started = await startSession(trx, deps, user, methods[consumed.type], client)
    return { user, ...started }
  })
  if (!result) throw new AuthError(403, "otp_expired", "Token has expired or is invalid")
  return sessionResponse(deps, result.user, result.session, result.refreshToken)
}

const verifyBodySchema = z.object({
  type: z.enum(verifyTypes, { error: "Verify requires a valid type" }),
  token_hash: z.string().min(1).max(512).nullish(),
  token: z.string().min(1).max(512).nullish(),
  email: emailField.nullish(),
})

/**
 * POST /verify — Supabase Auth's verifyOtp: `{token_hash, type}` (the link token, as the
 * /email-confirmed page sends it) or `{email, token, type}` (the six-digit code). 200 session.
 */
export function verifyPost(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c, verifyBodySchema)
    let lookup: TokenLookup
    if (body.token_hash) lookup = { token: body.token_hash }
    else if (body.email && body.token) {
      lookup = { email: body.email, code: body.token }
    } else
      throw new AuthError(
        400,
        "validation_failed",
        "Verify requires a token_hash, or an email and a token",
      )
    return c.json(await verifyToken(ctx.deps, lookup, body.type, requestClient(ctx, c)))
  }
}

/**
 * GET /verify?token&type&redirect_to — the email links. 303 to `redirect_to` (SITE_URL unless
 * accepted) with the session in the fragment, as Supabase Auth's implicit flow does, or the error
 * there: `#error=access_denied&error_code=otp_expired&error_description=…`.
 *
 * Invitations also carry the session in the query string: the dashboard's /set-password page
 * reads access_token and refresh_token from the query (docs/product.md#set-password), while supabase-js and hosted
 * Supabase use the fragment. Both hold the same session; the page removes them from the address.
 */
export function verifyGet(ctx: AuthContext): Handler {
  const { deps } = ctx
  return async (c: Context) => {
    const target = verifyTarget(deps, c)
    c.header("Cache-Control", "no-store")
    c.header("Referrer-Policy", "no-referrer")
    const type = c.req.query("type") as VerifyType
    try {
      const token = c.req.query("token") ?? c.req.query("token_hash")
      if (!token || !verifyTypes.includes(type)) throw new AuthError(403, "otp_expired", "")
      const session = await verifyToken(deps, { token }, type, requestClient(ctx, c))
      const params = {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type,
      }
      const base = type === "invite" ? withQuery(target, params) : target
      return c.redirect(withHash(base, params), 303)
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error
      return redirectWithError(c, target, error)
    }
  }
}

function verifyTarget(deps: AppDeps, c: Context) {
  return acceptRedirect(deps.env, c.req.query("redirect_to")) ?? deps.env.SITE_URL
}

function redirectWithError(c: Context, target: string, error: AuthError) {
  const expired = error.code === "otp_expired"
  return c.redirect(
    withHash(target, {
      error: "access_denied",
      error_code: error.code,
      error_description: expired ? "Email link is invalid or has expired" : error.message,
    }),
    303,
  )
}

/** GET /verify is opened by a browser: a refusal there is a redirect, as any other failure is. */
export function verifyGetRefusal(deps: AppDeps) {
  return (c: Context, error: AuthError) => {
    c.header("Cache-Control", "no-store")
    c.header("Referrer-Policy", "no-referrer")
    return redirectWithError(c, verifyTarget(deps, c), error)
  }
}
