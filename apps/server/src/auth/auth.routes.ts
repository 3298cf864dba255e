import { Hono, type MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"

import type { AppDeps } from "../deps"
import { BODY_LIMITS } from "../http/json-body"
import { refuseUnstorableQuery } from "../http/unstorable-input"
import { createAuthContext } from "./context"
import { AuthError, renderAuthError } from "./errors"
import { invite } from "./invite"
import {
  limitCaller,
  limitEmail,
  limitEmailSends,
  limitRefresh,
  limitUser,
  requestLimited,
} from "./limits"
import { logout } from "./logout"
import { challengeFactor } from "./mfa-challenge"
import { enrollFactor } from "./mfa-enroll"
import { generateRecoveryCodes, recoveryCodesStatus, verifyRecoveryCode } from "./mfa-recovery"
import { unenrollFactor } from "./mfa-unenroll"
import { MFA_VERIFY_ATTEMPTS_PER_MINUTE, verifyFactor } from "./mfa-verify"
import { otp } from "./otp"
import { recover } from "./recover"
import { resend } from "./resend"
import { settings } from "./settings"
import { signup } from "./signup"
import { token } from "./token"
import { getUser, updateUser } from "./user"
import { verifyGet, verifyGetRefusal, verifyPost } from "./verify"

/** Sign-in counts per caller address and per email; refreshing has its own, larger budget. */
function limitGrant(deps: AppDeps): MiddlewareHandler {
  const caller = limitCaller(deps, "signin")
  const email = limitEmail(deps, "signin")
  const refresh = limitRefresh(deps)
  return async (c, next) => {
    const grant = c.req.query("grant_type")
    if (grant === "password") return caller(c, async () => void (await email(c, next)))
    if (grant === "refresh_token") return refresh(c, next)
    return next()
  }
}

const authPerMinute = (deps: AppDeps) => deps.env.RATE_LIMIT_AUTH_PER_MINUTE
/** Only a password change that proves the current password is a guess worth counting. */
const changesPassword = (body: Record<string, unknown>) =>
  body.password !== undefined && body.current_password != null
/** POST /verify by emailed code (a token_hash is not guessable). */
const byCode = (body: Record<string, unknown>) => !body.token_hash && !!body.email && !!body.token

/**
 * /auth/v1 — the Supabase-Auth-compatible subset supabase-js uses (docs/protocols.md#auth): one file per
 * flow; every error, whatever the flow, is rendered by renderAuthError.
 */
export function authRoutes(deps: AppDeps) {
  const ctx = createAuthContext(deps)
  const refuseLink = verifyGetRefusal(deps)
  return new Hono()
    .use(
      bodyLimit({
        maxSize: BODY_LIMITS.auth,
        onError: () => {
          throw new AuthError(413, "validation_failed", "Request body is too large")
        },
      }),
    )
    .use(
      refuseUnstorableQuery((_c, message) => {
        throw new AuthError(400, "validation_failed", message)
      }),
    )
    .post("/signup", limitCaller(deps, "signup"), limitEmailSends(deps), signup(ctx))
    .post("/token", limitGrant(deps), token(ctx))
    .post("/logout", logout(ctx))
    .get("/user", getUser(ctx))
    .put(
      "/user",
      limitUser(deps, "current-password", authPerMinute, changesPassword),
      updateUser(ctx),
    )
    .post("/recover", limitCaller(deps, "recover"), limitEmailSends(deps), recover(ctx))
    .post("/otp", limitCaller(deps, "otp"), limitEmailSends(deps), otp(ctx))
    .post("/resend", limitCaller(deps, "resend"), limitEmailSends(deps), resend(ctx))
    .post(
      "/verify",
      limitCaller(deps, "verify"),
      limitEmail(deps, "verify", byCode),
      verifyPost(ctx),
    )
    .get(
      "/verify",
      limitCaller(deps, "verify", (c, wait) => refuseLink(c, requestLimited(wait))),
      verifyGet(ctx),
    )
    .post("/invite", invite(ctx))
    .get("/settings", settings(ctx))
    .post("/factors", limitCaller(deps, "mfa-enroll"), enrollFactor(ctx))
    .post("/factors/:id/challenge", limitCaller(deps, "mfa-challenge"), challengeFactor(ctx))
    .post(
      "/factors/:id/verify",
      limitCaller(deps, "mfa-verify"),
      limitUser(deps, "mfa-verify", MFA_VERIFY_ATTEMPTS_PER_MINUTE),
      verifyFactor(ctx),
    )
    .delete("/factors/:id", limitCaller(deps, "mfa-unenroll"), unenrollFactor(ctx))
    .get("/recovery-codes", recoveryCodesStatus(ctx))
    .post("/recovery-codes", limitCaller(deps, "mfa-enroll"), generateRecoveryCodes(ctx))
    .post(
      "/recovery-codes/verify",
      // The same budgets as authenticator codes: one guesser, one count.
      limitCaller(deps, "mfa-verify"),
      limitUser(deps, "mfa-verify", MFA_VERIFY_ATTEMPTS_PER_MINUTE),
      verifyRecoveryCode(ctx),
    )
    .get("/health", (c) => c.json({ name: "nativ-auth", description: "Supabase-Auth-compatible" }))
    .all("*", () => {
      throw new AuthError(404, "not_found", "Not found")
    })
    .onError((error, c) => renderAuthError(c, error, deps.logger))
}
