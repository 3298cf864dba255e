import type { Context } from "hono"
import { HTTPException } from "hono/http-exception"

import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../db/unavailable"
import type { Logger } from "../logger"

/** Supabase Auth's error codes that this server emits (auth-js maps them to error classes). */
export type AuthErrorCode =
  | "bad_json"
  | "bad_jwt"
  | "current_password_invalid"
  | "current_password_required"
  | "email_exists"
  | "email_not_confirmed"
  | "insufficient_aal"
  | "invalid_credentials"
  | "mfa_challenge_expired"
  | "mfa_factor_name_conflict"
  | "mfa_factor_not_found"
  | "mfa_verification_failed"
  | "no_authorization"
  | "not_admin"
  | "not_found"
  | "otp_disabled"
  | "otp_expired"
  | "over_email_send_rate_limit"
  | "over_request_rate_limit"
  | "reauthentication_needed"
  | "refresh_token_already_used"
  | "refresh_token_not_found"
  | "same_password"
  | "session_not_found"
  | "signup_disabled"
  | "too_many_enrolled_mfa_factors"
  | "unexpected_failure"
  | "user_banned"
  | "user_not_found"
  | "validation_failed"
  | "weak_password"

/**
 * An error a handler returns to the client: a public code and message, optional extra body fields
 * (weak_password reasons) and headers (Retry-After), and an internal cause that is logged, never sent.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export const API_VERSION = "2024-01-01"

/**
 * The one renderer of /auth/v1 errors: `{code, error_code, msg, message}` with the API version
 * header, so auth-js reads `code` (and `x-sb-error-code` for anything that only sees headers).
 * Anything that is not an AuthError is our bug: logged with its cause, answered 500.
 */
export function renderAuthError(c: Context, error: unknown, logger: Logger) {
  const known = toAuthError(error)
  if (known.status === 503)
    logger.warn({ reqId: c.get("requestId"), err: error }, "auth request: database unavailable")
  else if (known.status >= 500)
    logger.error({ reqId: c.get("requestId"), err: error }, "auth request failed")
  else if (known.cause)
    logger.info({ reqId: c.get("requestId"), code: known.code, cause: String(known.cause) }, "auth")
  const headers: Record<string, string> = {
    "X-Supabase-Api-Version": API_VERSION,
    "x-sb-error-code": known.code,
    ...known.extra.headers,
  }
  const body = {
    code: known.code,
    error_code: known.code,
    msg: known.message,
    message: known.message,
    ...known.extra.body,
  }
  return c.json(body, known.status as 400, headers)
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error
  if (error instanceof HTTPException && error.status < 500)
    return new AuthError(
      error.status,
      "validation_failed",
      error.message || "Bad request",
      {},
      {
        cause: error,
      },
    )
  // 503 is one of the statuses auth-js retries (AuthRetryableFetchError) without signing anyone out.
  if (isDatabaseUnavailable(error))
    return new AuthError(
      503,
      "unexpected_failure",
      DATABASE_UNAVAILABLE_MESSAGE,
      { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
      { cause: error },
    )
  return new AuthError(
    500,
    "unexpected_failure",
    "Unexpected failure, please try again.",
    {},
    {
      cause: error,
    },
  )
}
