import { sql } from "kysely"

import { randomToken, sha256 } from "../../auth/tokens"
import type { Db } from "../../db/schema"

/** A company invitation is pending for seven days; resending starts the seven days again. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000

export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_LIFETIME_MS)

/**
 * Opens a member's pending invitation, or reopens it on resend: its expiry and a new decline token
 * (the previous one stops working). Only the token's SHA-256 is stored. Returns the token.
 */
export async function openInvitation(trx: Db, memberId: string, expiresAt: Date, now: Date) {
  const declineToken = randomToken()
  await sql`
    insert into nativ.invitations (member_id, expires_at, decline_token_hash, created_at)
    values (${memberId}, ${expiresAt}, ${sha256(declineToken)}, ${now})
    on conflict (member_id) do update set expires_at = excluded.expires_at,
      decline_token_hash = excluded.decline_token_hash, created_at = excluded.created_at
  `.execute(trx)
  return declineToken
}

export type PendingInvitation = {
  member_id: string
  company_id: string
  company_name: string | null
  email: string
  auth_user_id: string | null
}

/**
 * The pending invitation a decline token belongs to, its member row locked; undefined when the
 * token is unknown or the invitation was accepted, declined or withdrawn (its row is gone).
 */
export async function findInvitationByDeclineToken(trx: Db, token: string) {
  const { rows } = await sql<PendingInvitation>`
    select e.id as member_id, e.user_id as company_id, c.name as company_name, e.email,
      e.auth_user_id
    from nativ.invitations i
    join public.end_users e on e.id = i.member_id
    join public.users c on c.id = e.user_id
    where i.decline_token_hash = ${sha256(token)} and e.joined_at is null
    for update of e
  `.execute(trx)
  return rows[0]
}
