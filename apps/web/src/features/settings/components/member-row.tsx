import type { Member, MemberRole } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { ROLE_LABELS } from "@/hooks/use-company"
import { formatDateTime, relativeTime } from "@/lib/format"

import { useChangeRole, useResendInvitation } from "../api/members"
import { RemoveMemberDialog } from "./remove-member-dialog"

/** A pending invitation's link works for seven days; once expired the owner resends it. */
function invitationExpiry(expiresAt: string) {
  return Date.parse(expiresAt) > Date.now()
    ? `Invitation expires ${formatDateTime(expiresAt)}`
    : `Invitation expired ${relativeTime(expiresAt)}`
}

export type RowPermissions = {
  /** The roles the caller may give this member; empty when they may not change it. */
  roles: MemberRole[]
  canRemove: boolean
  canResend: boolean
}

/** One person: email, role and status badges, last sign-in, and the controls the caller may use. */
export function MemberRow({
  member,
  isYou,
  company,
  permissions,
}: {
  member: Member
  isYou: boolean
  company: string
  permissions: RowPermissions
}) {
  const changeRole = useChangeRole()
  const resend = useResendInvitation()
  const invited = member.status === "invited"
  return (
    <li
      aria-label={member.email}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b py-3 last:border-b-0"
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium">
          {member.email}
          {isYou && <span className="text-muted-foreground"> (you)</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="secondary">{ROLE_LABELS[member.role]}</Badge>
          <Badge variant="outline">{invited ? "Invited" : "Active"}</Badge>
          <span>
            {member.last_sign_in_at
              ? `Last sign-in ${relativeTime(member.last_sign_in_at)}`
              : "Never signed in"}
          </span>
          {invited && member.invitation_expires_at && (
            <span>{invitationExpiry(member.invitation_expires_at)}</span>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2">
        {invited && permissions.canResend && (
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(member)}
          >
            Resend invitation
          </Button>
        )}
        {permissions.roles.length > 0 && (
          <Select
            value={member.role}
            disabled={changeRole.isPending}
            onValueChange={(role) => changeRole.mutate({ member, role: role as MemberRole })}
          >
            <SelectTrigger className="h-8 w-28" aria-label={`Role for ${member.email}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {permissions.roles.map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        {permissions.canRemove && <RemoveMemberDialog member={member} company={company} />}
      </div>
    </li>
  )
}
