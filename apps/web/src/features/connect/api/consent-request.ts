import {
  type ConsentDetails,
  consentDetailsSchema,
  consentRedirectSchema,
  type OAuthScope,
} from "@nativ/contracts"
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query"

import { leaveFor } from "../lib/leave-for"
import { connectKeys } from "./connect-keys"
import { oauthCall } from "./oauth-call"

const interactionPath = (uid: string) => `/oauth/interaction/${encodeURIComponent(uid)}`

/** The app's authorization request waiting on /connect: which app, what it asks, for whom. */
export function consentDetailsQuery(uid: string) {
  return queryOptions<ConsentDetails>({
    queryKey: connectKeys.interaction(uid),
    queryFn: () => oauthCall(`${interactionPath(uid)}/details`, consentDetailsSchema),
    // Read once: after an answer the request is gone, and a refetch would call it expired while
    // the browser is already on its way back to the app.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}

export const useConsentDetails = (uid: string) => useQuery(consentDetailsQuery(uid))

/**
 * The person's answer. The server replies with where the browser goes next (through the
 * authorization server, back to the app's redirect URI with a code or access_denied); the page is
 * left at once, so the mutation stays "done" rather than letting the buttons come back.
 */
function useAnswer(uid: string, answer: "approve" | "deny") {
  return useMutation({
    mutationFn: (scopes: OAuthScope[]) =>
      oauthCall(
        `${interactionPath(uid)}/${answer}`,
        consentRedirectSchema,
        answer === "approve" ? { scopes } : {},
      ),
    onSuccess: ({ redirect_to }) => leaveFor(redirect_to),
  })
}

export const useApproveConsent = (uid: string) => useAnswer(uid, "approve")
export const useDenyConsent = (uid: string) => useAnswer(uid, "deny")
