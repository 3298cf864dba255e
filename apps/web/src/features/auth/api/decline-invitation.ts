import { type DeclinedInvitation, declinedInvitationSchema } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { publicNativ } from "@/lib/api-client"

/** Declines a pending invitation with the token from its email; no sign-in needed. */
export async function declineInvitation(token: string): Promise<DeclinedInvitation> {
  const { data } = await publicNativ().POST("/invitations/decline", { body: { token } })
  return declinedInvitationSchema.parse(data)
}

/** Errors stay on the page (it says why the invitation is no longer open), not in a toast. */
export const useDeclineInvitation = () => useMutation({ mutationFn: declineInvitation })
