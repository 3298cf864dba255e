import { sql } from "kysely"

import type { MemberRole } from "@nativ/contracts"

import type { Db } from "../db/schema"
import { FIRST_PARTY_CLIENTS } from "./constants"

/** An app's access: which app, through which approval, with which scopes. */
export type OAuthAccess = {
  clientId: string
  /** The app's registered name, as operations record it. */
  clientName: string
  grantId: string
  scopes: string[]
}

export type OAuthCaller = {
  access: OAuthAccess
  companyId: string
  memberId: string
  authUserId: string | null
  memberEmail: string
  role: MemberRole
}

/** oidc-provider's opaque tokens: 43 URL-safe characters (256 random bits); no dots, no prefix. */
export const looksLikeOAuthToken = (token: string) => /^[A-Za-z0-9_-]{20,128}$/.test(token)

/**
 * The app and member behind an access token, or null when it is unknown, expired, revoked (its
 * grant gone) or for another resource. One statement: the token, its grant and the member, and the
 * grant's last use written at most once a minute.
 */
export async function findOAuthCaller(db: Db, token: string): Promise<OAuthCaller | null> {
  const now = new Date()
  const { rows } = await sql<{
    payload: { clientId: string; grantId: string; scope?: string }
    company_id: string
    member_id: string
    auth_user_id: string | null
    email: string
    role: MemberRole
    client_name: string | null
  }>`
    with token as (
      select t.payload, g.id as grant_id, g.last_used_at, e.user_id as company_id,
        e.id as member_id, e.auth_user_id, e.email, e.role,
        c.payload ->> 'client_name' as client_name
      from nativ.oauth_records t
      join nativ.oauth_records g on g.model = 'Grant' and g.id = t.grant_id
        and (g.expires_at is null or g.expires_at > ${now})
      join public.end_users e on e.id::text = t.account_id
      left join nativ.oauth_records c on c.model = 'Client' and c.id = t.client_id
      where t.model = 'AccessToken' and t.id = ${token} and t.expires_at > ${now}
        -- Audience (RFC 8707): issued for /api/v1 or /mcp, on whichever origin.
        and t.payload ->> 'aud' ~ '^https?://[^/]+/(api/v1|mcp)$'
    ), used as (
      update nativ.oauth_records g set last_used_at = ${now}
      from token
      where g.model = 'Grant' and g.id = token.grant_id
        and (token.last_used_at is null or token.last_used_at < ${new Date(now.getTime() - 60_000)})
    )
    select payload, company_id, member_id, auth_user_id, email, role, client_name from token
  `.execute(db)
  const row = rows[0]
  if (!row) return null
  return {
    access: {
      clientId: row.payload.clientId,
      clientName: row.client_name ?? firstPartyName(row.payload.clientId),
      grantId: row.payload.grantId,
      scopes: row.payload.scope?.split(" ").filter(Boolean) ?? [],
    },
    companyId: row.company_id,
    memberId: row.member_id,
    authUserId: row.auth_user_id,
    memberEmail: row.email,
    role: row.role,
  }
}

const firstPartyName = (clientId: string) =>
  String(
    FIRST_PARTY_CLIENTS.find((client) => client.client_id === clientId)?.client_name ?? clientId,
  )
