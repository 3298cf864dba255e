import type { Context } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"

/** Every product API error code, in one place. */
export type ApiErrorCode =
  | "unauthorized"
  | "api_key_expired"
  | "api_key_revoked"
  | "invalid_request"
  | "text_too_long"
  | "not_found"
  | "insufficient_credits"
  | "rate_limited"
  | "idempotency_conflict"
  | "engine_failed"
  | "engine_timeout"
  | "internal_error"

/** A failure with a message fit to show a user; rendered as `{error: {code, message}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export function renderApiError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  return c.json({ error: { code: error.code, message: error.message } }, error.status)
}
