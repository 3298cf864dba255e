import type { Context, MiddlewareHandler } from "hono"
import { sql } from "kysely"

import type { MemberRole } from "@nativ/contracts"

import { INSUFFICIENT_AAL_MESSAGE } from "../auth/aal"
import type { AppDeps } from "../deps"
import { AccessTokenError, verifySignedInUser } from "../identity/access-token"
import { readAuthorization } from "../identity/bearer"
import { ApiError } from "./api-error"
import { requestOrigin } from "../http/request-origin"
import { DEFAULT_SCOPE } from "../oauth/constants"
import { findOAuthCaller, looksLikeOAuthToken, type OAuthAccess } from "../oauth/access-token"
import { hashApiKey, looksLikeApiKey } from "./api-keys/api-key-secret"

/**
 * Who is calling: the company (whose balance, keys and history the call uses), the member acting
 * (for an API key, the member who created it) and their role, and the API key when one was used.
 */
export type Principal = {
  companyId: string
  /** The person's auth user id; null for a key whose creator is no longer a member. */
  authUserId: string | null
  memberId: string | null
  memberEmail: string | null
  role: MemberRole
  apiKeyId: string | null
  /** An app's access through Connect (OAuth): which app and the scopes the person approved. */
  oauth: OAuthAccess | null
}

export type ApiEnv = { Variables: { principal: Principal } }

const unauthorized = (
  message: string,
  code: "unauthorized" | "api_key_expired" | "api_key_revoked" = "unauthorized",
) => new ApiError(401, code, message, { "WWW-Authenticate": "Bearer" })

/**
 * Authentication by an API key (`nativ_…`) or a user access token from /auth/v1, sent as
 * `Authorization: Bearer <token>` or, as Nativ's SDKs and MCP server send a key, `X-API-Key: <key>`
 * (the same thing in another header). Keys are looked up by hash; expired and revoked keys are
 * refused with a message saying which. An access token of an account with two-factor on must
 * have passed it (aal2): every route answers an aal1 one 403 insufficient_aal (auth/aal.ts).
 */
export function authenticate(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const token = credential(c)
    try {
      if (!token)
        throw unauthorized(
          "Missing credentials: send an API key as 'X-API-Key: <key>' or an API key or access token as 'Authorization: Bearer <token>'.",
        )
      c.set(
        "principal",
        looksLikeApiKey(token)
          ? await byApiKey(deps, token)
          : looksLikeOAuthToken(token)
            ? await byOAuthToken(deps, token)
            : await byAccessToken(deps, token),
      )
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        error.headers["WWW-Authenticate"] = bearerChallenge(c, deps)
      throw error
    }
    await next()
  }
}

/**
 * The 401's challenge (RFC 9728 §5.1): where this resource's metadata is, so an MCP client or
 * any OAuth client finds the authorization server and connects on its own.
 */
function bearerChallenge(c: Context, deps: AppDeps): string {
  const origin = requestOrigin(c, deps.env.TRUST_PROXY)
  if (!origin) return "Bearer"
  const resource = c.req.path === "/mcp" || c.req.path.startsWith("/mcp/") ? "/mcp" : "/api/v1"
  return `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource${resource}", scope="${DEFAULT_SCOPE}"`
}

function credential(c: Context): string | undefined {
  const auth = readAuthorization(c)
  if (auth.kind === "bearer") return auth.token
  return c.req.header("x-api-key")?.trim() || undefined
}

async function byApiKey(deps: AppDeps, key: string): Promise<Principal> {
  const now = deps.clock()
  const { rows } = await sql<{
    id: string
    user_id: string
    expires_at: Date | null
    revoked_at: Date | null
    created_by_email: string | null
    member_id: string | null
    auth_user_id: string | null
    role: MemberRole | null
  }>`
    with found as (
      select k.id, k.user_id, k.expires_at, k.revoked_at, k.created_by_email, k.last_used_at,
        e.id as member_id, e.auth_user_id, e.role
      from public.api_keys k left join public.end_users e on e.id = k.created_by
      where k.key_hash = ${hashApiKey(key)}
    ), used as (
      -- In the lookup's statement (one round trip), and coarse on purpose: a usable key's
      -- last_used_at is written at most once a minute, so the hot path writes nothing.
      update public.api_keys k set last_used_at = ${now}
      from found f
      where k.id = f.id and f.revoked_at is null and (f.expires_at is null or f.expires_at > ${now})
        and (f.last_used_at is null or f.last_used_at < ${new Date(now.getTime() - 60_000)})
    )
    select id, user_id, expires_at, revoked_at, created_by_email, member_id, auth_user_id, role
    from found
  `.execute(deps.database.db)
  const row = rows[0]
  if (!row) throw unauthorized("Invalid API key.")
  if (row.revoked_at) throw unauthorized("This API key has been revoked.", "api_key_revoked")
  if (row.expires_at && row.expires_at <= now)
    throw unauthorized("This API key has expired.", "api_key_expired")
  return {
    companyId: row.user_id,
    authUserId: row.auth_user_id,
    memberId: row.member_id,
    memberEmail: row.created_by_email,
    // A key acts for its creator: it can do no more than they can.
    role: row.role ?? "member",
    apiKeyId: row.id,
    oauth: null,
  }
}

/**
 * An app's access token (Connect): it acts for the member who approved the app, in their company,
 * with their role, limited to the approved scopes (checked per route: api/oauth-scopes.ts).
 */
async function byOAuthToken(deps: AppDeps, token: string): Promise<Principal> {
  const caller = await findOAuthCaller(deps.database.db, token)
  if (!caller)
    throw unauthorized(
      "This app's access token is invalid, expired or revoked: connect the app again.",
    )
  return {
    companyId: caller.companyId,
    authUserId: caller.authUserId,
    memberId: caller.memberId,
    memberEmail: caller.memberEmail,
    role: caller.role,
    apiKeyId: null,
    oauth: caller.access,
  }
}

const notAMember = () =>
  new ApiError(403, "not_a_member", "You are not a member of any company on Nativ.")

async function byAccessToken(deps: AppDeps, token: string): Promise<Principal> {
  try {
    const { userId, member, owesSecondFactor } = await verifySignedInUser(deps, token)
    if (owesSecondFactor) throw new ApiError(403, "insufficient_aal", INSUFFICIENT_AAL_MESSAGE)
    if (!member) throw notAMember()
    return {
      companyId: member.companyId,
      authUserId: userId,
      memberId: member.memberId,
      memberEmail: member.email,
      role: member.role,
      apiKeyId: null,
      oauth: null,
    }
  } catch (error) {
    if (!(error instanceof AccessTokenError)) throw error
    throw unauthorized(
      error.reason === "expired"
        ? "Your session has expired. Sign in again."
        : error.reason === "session_not_found"
          ? "Your session has ended. Sign in again."
          : "Invalid access token or API key.",
    )
  }
}
