import { type Member, type MemberRole, ROLE_CAN } from "@nativ/contracts"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { useCompany } from "@/hooks/use-company"
import { useCompanyMembers } from "@/hooks/use-company-members"

import { InviteMemberForm } from "./invite-member-form"
import { MemberRow, type RowPermissions } from "./member-row"

const NONE: RowPermissions = { roles: [], canRemove: false, canResend: false }

/**
 * What the caller may do to `member` (docs/teams.md): owners and admins manage members and admins,
 * only owners touch owners, nobody changes their own role here. The server refuses the rest anyway.
 */
function permissionsFor(callerRole: MemberRole | undefined, member: Member, isYou: boolean) {
  if (!callerRole || !ROLE_CAN.manageMembers(callerRole) || isYou) return NONE
  const ownerLevel = ROLE_CAN.grantOwner(callerRole)
  if (member.role === "owner" && !ownerLevel) return NONE
  return {
    roles: (ownerLevel ? ["owner", "admin", "member"] : ["admin", "member"]) as MemberRole[],
    canRemove: true,
    canResend: true,
  }
}

/** Members: everyone in the company; owners and admins invite, change roles and remove. */
export function MembersTab() {
  const company = useCompany()
  const members = useCompanyMembers()
  const companyName = company.name.data || "your company"
  const canManage = company.can("manageMembers")
  const inviteRoles: MemberRole[] = company.can("grantOwner")
    ? ["member", "admin", "owner"]
    : ["member", "admin"]
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          People in {companyName} share its credits, languages, API keys and history.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {canManage && <InviteMemberForm roles={inviteRoles} />}
        {members.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading members...
          </p>
        ) : members.isError ? (
          <ErrorState
            title="The members could not be loaded."
            error={members.error}
            onRetry={() => void members.refetch()}
            retrying={members.isFetching}
          />
        ) : (
          <>
            <ul aria-label="Members" className="min-w-0 rounded-md border px-4">
              {members.data.map((member) => {
                const isYou = member.id === company.memberId
                return (
                  <MemberRow
                    key={member.id}
                    member={member}
                    isYou={isYou}
                    company={companyName}
                    permissions={permissionsFor(company.role, member, isYou)}
                  />
                )
              })}
            </ul>
            {members.data.length <= 1 && (
              <p className="text-center text-sm text-muted-foreground">
                You&apos;re the only member. Invite colleagues to share credits and history.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
