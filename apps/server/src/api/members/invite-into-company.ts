import type { MemberRole } from "@nativ/contracts"

import { AuthError } from "../../auth/errors"
import { inviteUser } from "../../auth/invite"
import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
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
 * a new auth user whose server-only app metadata names the company and role, the invitation
 * email, and `member.invited` in the activity log, in one transaction. One company per email:
 * an address that already has an account is refused (409). Returns the new member's id.
 */
export async function inviteIntoCompany(deps: AppDeps, invitation: CompanyInvitation) {
  const { companyId, email, role, actorId } = invitation
  const { db } = deps.database
  if (!(await findCompany(db, companyId)))
    throw new ApiError(404, "not_found", "Company not found.")
  if (await emailIsTaken(db, email)) throw emailTaken(email)
  let memberId: string | undefined
  try {
    await inviteUser(deps, {
      email,
      newOnly: true,
      appMetadata: { nativ_company_id: companyId, nativ_role: role },
      within: async (trx, userId) => {
        memberId = await memberIdOf(trx, userId)
        await recordAuditEvent(trx, {
          companyId,
          actorId,
          action: "member.invited",
          target: email,
          details: { role },
        })
      },
    })
  } catch (error) {
    if (error instanceof AuthError && error.code === "email_exists") throw emailTaken(email)
    throw error
  }
  if (!memberId) throw new Error("the invited user has no member row")
  return memberId
}
