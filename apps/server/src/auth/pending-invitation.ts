import { sql } from "kysely"

import { recordAuditEvent } from "../audit/record"
import type { Db } from "../db/schema"
import type { UserRow } from "./users"

/**
 * A login the server created to invite someone into a company, not yet accepted (the invitation
 * link confirms the address). Until then the invitation binds nobody: sign-up and magic links
 * treat the address as unknown, and a password reset sends nothing (docs/teams.md).
 */
export function isPendingCompanyInvitation(user: UserRow): boolean {
  return user.email_confirmed_at === null && Boolean(user.raw_app_meta_data.nativ_company_id)
}

/**
 * Ends a pending invitation: records it in the inviting company's activity log and deletes the
 * invited login, whose member row, invitation, tokens and sessions go with it. `declined`: the
 * invitee said no (logged as them); `signed_up`: the address signed up on its own (logged as Nativ).
 * Call inside the transaction that goes on to use the address.
 */
export async function endPendingInvitation(
  trx: Db,
  authUserId: string,
  reason: "declined" | "signed_up",
) {
  const { rows } = await sql<{ company_id: string; email: string; role: string }>`
    select user_id as company_id, email, role from public.end_users
    where auth_user_id = ${authUserId} and joined_at is null
    for update
  `.execute(trx)
  const member = rows[0]
  if (member)
    await recordAuditEvent(trx, {
      companyId: member.company_id,
      actorId: reason === "declined" ? authUserId : null,
      action: reason === "declined" ? "member.declined" : "member.invitation_voided",
      target: member.email,
      details: { role: member.role, reason },
    })
  await sql`delete from auth.users where id = ${authUserId}::uuid and email_confirmed_at is null`.execute(
    trx,
  )
}
