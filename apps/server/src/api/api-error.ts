import type { Context } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "../db/unavailable"

/** Every product API error code, in one place. */
export type ApiErrorCode =
  | "unauthorized"
  | "api_key_expired"
  | "api_key_revoked"
  | "insufficient_aal"
  | "not_a_member"
  | "forbidden"
  | "member_exists"
  | "glossary_name_taken"
  | "last_owner"
  | "already_joined"
  | "session_required"
  | "invalid_request"
  | "text_too_long"
  | "not_found"
  | "insufficient_credits"
  | "key_cap_reached"
  | "rate_limited"
  | "idempotency_conflict"
  | "idempotency_in_progress"
  | "engine_failed"
  | "engine_timeout"
  | "max_characters_exceeded"
  | "service_unavailable"
  | "unsupported_media_type"
  | "vision_model_required"
  | "internal_error"
  | "insufficient_scope"
  | "interaction_not_found"
  | "client_not_found"
  | "invalid_user_code"
  | "expired_user_code"
  | "used_user_code"
  // i18n files (api/files)
  | "malformed_file"
  | "unknown_format"
  | "unsupported_encoding"
  | "file_too_large"

/**
 * A failure with a message fit to show a user; rendered as `{error: {code, message}, detail}`:
 * the envelope our clients read, and the top-level `detail` Nativ's SDKs read.
 */
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

export function unavailableApiError() {
  return new ApiError(503, "service_unavailable", DATABASE_UNAVAILABLE_MESSAGE, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  })
}

export function renderApiError(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  return c.json(apiErrorBody(error.code, error.message), error.status)
}

export function apiErrorBody(code: string, message: string) {
  return { error: { code, message }, detail: message }
}
