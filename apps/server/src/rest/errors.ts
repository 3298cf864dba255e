import { INSUFFICIENT_AAL_MESSAGE } from "../auth/aal"
import type { JwtRole } from "../identity/jwt"
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "../db/unavailable"

/** PostgREST's error body. Every field is present; absent ones are null. */
export type RestErrorBody = {
  code: string
  message: string
  details: string | null
  hint: string | null
}

/** An error answered with PostgREST's body and status; `headers` are added to the response. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  get body(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

/** A query string or body we cannot parse: 400 PGRST100 naming the bad part. */
export function parseError(what: string, details: string) {
  return new RestError(400, "PGRST100", `failed to parse ${what}`, details)
}

type PgError = { code: string; message: string; detail?: string; hint?: string }

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as PgError).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code) &&
    typeof (error as PgError).message === "string"
  )
}

/**
 * PostgREST's SQLSTATE → HTTP status mapping. Deviation: 42883 (undefined function or operator)
 * is 400 here, since unknown RPC functions are already answered with PGRST202 before SQL runs.
 */
export function statusForSqlState(code: string, role: JwtRole): number {
  if (code === "42501") return role === "anon" ? 401 : 403
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  if (code === "23503" || code === "23505") return 409
  if (code === "25006") return 405
  if (code === "42P01") return 404
  if (code === "P0001") return 400
  const cls = code.slice(0, 2)
  if (cls === "08" || cls === "53") return 503
  if (cls === "0L" || cls === "0P" || cls === "28") return 403
  if (cls === "54") return 413
  if (["09", "25", "2D", "38", "39", "3B", "40", "55", "57", "58", "F0", "HV", "XX"].includes(cls))
    return 500
  return 400
}

/** PostgREST's answer while it cannot reach the database (PGRST001), with Retry-After. */
export function unavailableError(): RestError {
  return new RestError(503, "PGRST001", DATABASE_UNAVAILABLE_MESSAGE, null, null, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  })
}

/** Raised by the request's settings statement (request-script.ts) for an aal1 token it refuses. */
const INSUFFICIENT_AAL_SQLSTATE = "NAAL2"

export function fromPgError(error: PgError, role: JwtRole): RestError {
  if (error.code === INSUFFICIENT_AAL_SQLSTATE)
    return new RestError(
      403,
      "insufficient_aal",
      INSUFFICIENT_AAL_MESSAGE,
      null,
      "Verify a code from the account's authenticator app (aal2), then use the new access token.",
    )
  const status = statusForSqlState(error.code, role)
  const headers: Record<string, string> = status === 401 ? { "WWW-Authenticate": "Bearer" } : {}
  return new RestError(
    status,
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
    headers,
  )
}
