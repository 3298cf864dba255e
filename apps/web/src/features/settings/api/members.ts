import {
  type InviteMemberInput,
  type Member,
  type MemberRole,
  memberSchema,
} from "@nativ/contracts"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"

import { memberKeys } from "@/hooks/use-company-members"
import { api } from "@/lib/api-client"

/*
 * Changes to the company's people through the product API (docs/teams.md).
 * Every change reads the list and the log again; the server's message becomes the toast on failure.
 */
const memberPath = (id: string) => `/members/${encodeURIComponent(id)}`

function useMemberMutation<Input>(
  mutationFn: (input: Input) => Promise<unknown>,
  onDone: (input: Input) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) => {
      onDone(input)
      return queryClient.invalidateQueries({ queryKey: memberKeys.all })
    },
    meta: { errorTitle: "Error" },
  })
}

export const useInviteMember = () =>
  useMemberMutation(
    (input: InviteMemberInput) => api.post("/members", input, memberSchema),
    ({ email }) =>
      toast.success("Invitation sent", { description: `${email} will receive an email to join.` }),
  )

export const useChangeRole = () =>
  useMemberMutation(
    ({ member, role }: { member: Member; role: MemberRole }) =>
      api.patch(memberPath(member.id), { role }, memberSchema),
    () => toast.success("Role updated"),
  )

export const useResendInvitation = () =>
  useMemberMutation(
    (member: Member) => api.post(`${memberPath(member.id)}/resend`, {}, memberSchema),
    () => toast.success("Invitation sent again"),
  )

export const useRemoveMember = () =>
  useMemberMutation(
    (member: Member) => api.delete(memberPath(member.id)),
    () => toast.success("Member removed"),
  )
