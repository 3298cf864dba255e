import type { Member } from "@nativ/contracts"
import { UserMinusIcon } from "lucide-react"

import { ConfirmDestructive } from "@/components/ui/confirm-destructive"

import { useRemoveMember } from "../api/members"

/** Removing someone ends their access and revokes their keys at once, so it asks first. */
export function RemoveMemberDialog({ member, company }: { member: Member; company: string }) {
  const remove = useRemoveMember()
  return (
    <ConfirmDestructive
      label={`Remove ${member.email}`}
      icon={<UserMinusIcon aria-hidden="true" />}
      title="Remove member?"
      description={`${member.email} will lose access to ${company} at once. The API keys they created will be revoked.`}
      action="Remove"
      pendingText="Removing..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate(member)}
    />
  )
}
