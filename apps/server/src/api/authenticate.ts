import type { MiddlewareHandler } from "hono"
import { sql } from "kysely"

import { authenticateUser } from "../auth/authenticate"
import { AuthError } from "../auth/errors"
import type { AppDeps } from "../deps"
import { ApiError } from "./api-error"
import { hashApiKey, looksLikeApiKey } from "./api-keys/api-key-secret"

/** Who is calling: the account, and the API key when one was used. */
export type Principal = { userId: string; apiKeyId: string | null }

export type ApiEnv = { Variables: { principal: Principal } }

const unauthorized = (
  message: string,
  code: "unauthorized" | "api_key_expired" | "api_key_revoked" = "unauthorized",
) => new ApiError(401, code, message, { "WWW-Authenticate": "Bearer" })

/**
 * Bearer authentication by an API key (`nativ_…`) or a user access token from /auth/v1. Keys are
 * looked up by hash; expired and revoked keys are refused with a message saying which.
 */
export function authenticate(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? ""
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match)
      throw unauthorized(
        "Missing credentials: send an API key or access token as 'Authorization: Bearer <token>'.",
      )
    const token = match[1]!
    c.set(
      "principal",
      looksLikeApiKey(token) ? await byApiKey(deps, token) : await byAccessToken(deps, token),
    )
    await next()
  }
}

async function byApiKey(deps: AppDeps, key: string): Promise<Principal> {
  const now = deps.clock()
  const { rows } = await sql<{
    id: string
    user_id: string
    expires_at: Date | null
    revoked_at: Date | null
  }>`
    select id, user_id, expires_at, revoked_at from public.api_keys where key_hash = ${hashApiKey(key)}
  `.execute(deps.database.db)
  const row = rows[0]
  if (!row) throw unauthorized("Invalid API key.")
  if (row.revoked_at) throw unauthorized("This API key has been revoked.", "api_key_revoked")
  if (row.expires_at && row.expires_at <= now)
    throw unauthorized("This API key has expired.", "api_key_expired")
  // Coarse on purpose: one write a minute per key keeps the hot path read-only.
  await sql`
    update public.api_keys set last_used_at = ${now}
    where id = ${row.id} and (last_used_at is null or last_used_at < ${new Date(now.getTime() - 60_000)})
  `.execute(deps.database.db)
  return { userId: row.user_id, apiKeyId: row.id }
}

async function byAccessToken(deps: AppDeps, token: string): Promise<Principal> {
  try {
    const { user } = await authenticateUser(deps, token)
    return { userId: user.id, apiKeyId: null }
  } catch (error) {
    if (error instanceof AuthError) {
      const expired = /expired/i.test(error.message)
      throw unauthorized(
        expired
          ? "Your session has expired. Sign in again."
          : error.code === "session_not_found"
            ? "Your session has ended. Sign in again."
            : "Invalid access token or API key.",
      )
    }
    throw error
  }
}
