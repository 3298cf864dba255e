import type { MemberRole } from "@nativ/contracts"
import { sql } from "kysely"

import { emailTokenLink, type EmailToken } from "../../auth/email-tokens"
import { AuthError } from "../../auth/errors"
import { inviteUser } from "../../auth/invite"
import { endPendingInvitation } from "../../auth/pending-invitation"
import { withQuery } from "../../auth/redirect"
import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { invitationEmail } from "../../mail/invitation-email"
import { ApiError } from "../api-error"
import { findInvitationByDeclineToken, invitationExpiry, openInvitation } from "./invitations.repo"
import { emailIsTaken, findCompany, memberIdOf } from "./members.repo"

export type CompanyInvitation = {
  companyId: string
  email: string
  role: MemberRole
  /** Who invites: a member's auth user id, or null for the operator (logged as "Nativ"). */
  actorId: string | null
}

const emailTaken = (email: string) =>
  new ApiError(
    409,
    "member_exists",
    `${email} already has a Nativ account. Each person belongs to one company.`,
  )

/**
 * Invites a person into a company (the Members tab and `npm run nativ -- invite --company-id`):
 * a new auth user whose server-only app metadata names the company and role, a pending invitation
 * (seven days, with a decline token), the invitation email, and `member.invited` in the activity
 * log, in one transaction. One company per email: an address that already has an account is
 * refused (409). Until accepted the invitation binds nobody (docs/teams.md). Returns the member id.
 */
export async function inviteIntoCompany(deps: AppDeps, invitation: CompanyInvitation) {
  const { companyId, email, role, actorId } = invitation
  const { db } = deps.database
  const company = await findCompany(db, companyId)
  if (!company) throw new ApiError(404, "not_found", "Company not found.")
  if (await emailIsTaken(db, email)) throw emailTaken(email)
  const now = deps.clock()
  const expiresAt = invitationExpiry(now)
  let memberId: string | undefined
  let declineToken = ""
  try {
    await inviteUser(deps, {
      email,
      newOnly: true,
      appMetadata: { nativ_company_id: companyId, nativ_role: role },
      expiresAt,
      within: async (trx, userId) => {
        memberId = await memberIdOf(trx, userId)
        if (!memberId) throw new Error("the invited user has no member row")
        declineToken = await openInvitation(trx, memberId, expiresAt, now)
        await recordAuditEvent(trx, {
          companyId,
          actorId,
          action: "member.invited",
          target: email,
          details: { role },
        })
      },
      sendEmail: (token) =>
        sendInvitation(deps, { email, role, companyName: company.name }, token, {
          declineToken,
          expiresAt,
          actorId,
        }),
    })
  } catch (error) {
    if (error instanceof AuthError && error.code === "email_exists") throw emailTaken(email)
    throw error
  }
  return memberId!
}

/**
 * Sends a pending invitation again: a new link and code, a new decline token, and seven more days
 * (also after it expired).
 */
export async function resendCompanyInvitation(
  deps: AppDeps,
  companyId: string,
  member: { id: string; email: string; role: MemberRole },
  actorId: string | null = null,
) {
  const company = await findCompany(deps.database.db, companyId)
  const now = deps.clock()
  const expiresAt = invitationExpiry(now)
  let declineToken = ""
  try {
    await inviteUser(deps, {
      email: member.email,
      expiresAt,
      within: async (trx, userId) => {
        // The address may have signed up on its own since the list was read: then it is no longer
        // this member, and must not be re-invited.
        if ((await memberIdOf(trx, userId)) !== member.id)
          throw new ApiError(404, "not_found", "Member not found.")
        declineToken = await openInvitation(trx, member.id, expiresAt, now)
      },
      sendEmail: (token) =>
        sendInvitation(
          deps,
          { email: member.email, role: member.role, companyName: company?.name ?? null },
          token,
          { declineToken, expiresAt, actorId },
        ),
    })
  } catch (error) {
    // Accepted between the caller's read and this send.
    if (error instanceof AuthError && error.code === "email_exists")
      throw new ApiError(409, "already_joined", `${member.email} has already joined.`)
    throw error
  }
}

/**
 * Declines a pending invitation with its decline token (no sign-in: the token can do nothing
 * else). The invited login is deleted, so the address is free; `member.declined` is logged.
 */
export async function declineInvitation(deps: AppDeps, token: string) {
  const declined = await deps.database.db.transaction().execute(async (trx) => {
    const invitation = await findInvitationByDeclineToken(trx, token)
    if (!invitation?.auth_user_id) return undefined
    await endPendingInvitation(trx, invitation.auth_user_id, "declined")
    return invitation
  })
  if (!declined)
    throw new ApiError(
      404,
      "not_found",
      "This invitation is no longer open: it was already accepted, declined or withdrawn.",
    )
  return { email: declined.email, company_name: declined.company_name }
}

async function sendInvitation(
  deps: AppDeps,
  to: { email: string; role: MemberRole; companyName: string | null },
  { token }: EmailToken,
  {
    declineToken,
    expiresAt,
    actorId,
  }: { declineToken: string; expiresAt: Date; actorId: string | null },
) {
  // The email names who invited (their address); the operator's invitations name nobody.
  const { rows } = actorId
    ? await sql<{ email: string | null }>`select email from auth.users
        where id = ${actorId}::uuid`.execute(deps.database.db)
    : { rows: [] }
  await deps.mailer.send(
    invitationEmail({
      to: to.email,
      companyName: to.companyName,
      role: to.role,
      inviter: rows[0]?.email ?? null,
      link: emailTokenLink(deps, "invite", token, undefined),
      declineLink: withQuery(`${deps.env.SITE_URL}/decline-invitation`, { token: declineToken }),
      expiresAt,
    }),
  )
}
