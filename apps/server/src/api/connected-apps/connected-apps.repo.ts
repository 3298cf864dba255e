import { sql } from "kysely"

import { type ConnectedApp, OAUTH_SCOPES, type OAuthScope } from "@nativ/contracts"

import type { Db } from "../../db/schema"
import { FIRST_PARTY_CLIENTS } from "../../oauth/constants"

type GrantRow = {
  id: string
  client_id: string
  payload: { openid?: { scope?: string }; resources?: Record<string, string> }
  created_at: Date
  last_used_at: Date | null
  email: string
  member_id: string
  client_name: string | null
}

const firstPartyName = new Map(
  FIRST_PARTY_CLIENTS.map((client) => [client.client_id, String(client.client_name)]),
)

/** Who may see which approvals: the whole company's, or one member's own. */
export type GrantScope = { companyId: string; memberId: string | null }

/** The company's live app approvals (oidc-provider's grants), newest first. */
export async function listConnectedApps(db: Db, scope: GrantScope): Promise<ConnectedApp[]> {
  return (await grants(db, scope)).map(toConnectedApp)
}

/** One approval the caller may see, or null. */
export async function findConnectedApp(db: Db, scope: GrantScope, id: string) {
  const [row] = await grants(db, scope, id)
  return row ? toConnectedApp(row) : null
}

/** Ends an approval: the grant and every code and token issued under it. */
export async function deleteGrant(db: Db, id: string): Promise<void> {
  await sql`delete from nativ.oauth_records
    where (model = 'Grant' and id = ${id}) or grant_id = ${id}`.execute(db)
}

async function grants(db: Db, scope: GrantScope, id?: string): Promise<GrantRow[]> {
  const { rows } = await sql<GrantRow>`
    select g.id, g.client_id, g.payload, g.created_at, g.last_used_at, e.email,
      e.id::text as member_id, c.payload ->> 'client_name' as client_name
    from nativ.oauth_records g
    join public.end_users e on e.id::text = g.account_id
    left join nativ.oauth_records c on c.model = 'Client' and c.id = g.client_id
    where g.model = 'Grant' and (g.expires_at is null or g.expires_at > ${new Date()})
      and e.user_id = ${scope.companyId}::uuid
      ${scope.memberId ? sql`and e.id = ${scope.memberId}::uuid` : sql``}
      ${id === undefined ? sql`` : sql`and g.id = ${id}`}
    order by g.created_at desc, g.id
  `.execute(db)
  return rows
}

function toConnectedApp(row: GrantRow): ConnectedApp {
  const granted = new Set(
    [row.payload.openid?.scope ?? "", ...Object.values(row.payload.resources ?? {})]
      .join(" ")
      .split(" "),
  )
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.client_name ?? firstPartyName.get(row.client_id) ?? row.client_id,
    approved_by: { email: row.email },
    scopes: OAUTH_SCOPES.filter((s): s is OAuthScope => granted.has(s)),
    approved_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  }
}

/**
 * Ends every app approval of a person (their memberships' grants and tokens): a password change
 * or reset and "Sign out of other devices" end apps' access as they end other sessions.
 */
export async function deleteGrantsOfUser(db: Db, authUserId: string): Promise<void> {
  await sql`delete from nativ.oauth_records
    where account_id in (select id::text from public.end_users where auth_user_id = ${authUserId}::uuid)`.execute(
    db,
  )
}
