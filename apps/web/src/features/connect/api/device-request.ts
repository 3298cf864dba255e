import { consentDetailsSchema, deviceDecisionSchema, type OAuthScope } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { oauthCall } from "./oauth-call"

/**
 * The request behind a code a device shows (/activate). A POST, as the code is a secret the
 * address bar should not keep; a mutation, as each lookup is the person pressing Continue.
 */
export const useLookupUserCode = () =>
  useMutation({
    mutationFn: (userCode: string) =>
      oauthCall("/oauth/device/lookup", consentDetailsSchema, { user_code: userCode }),
  })

export const useApproveDevice = () =>
  useMutation({
    mutationFn: (input: { userCode: string; scopes: OAuthScope[] }) =>
      oauthCall("/oauth/device/approve", deviceDecisionSchema, {
        user_code: input.userCode,
        scopes: input.scopes,
      }),
  })

export const useDenyDevice = () =>
  useMutation({
    mutationFn: (userCode: string) =>
      oauthCall("/oauth/device/deny", deviceDecisionSchema, { user_code: userCode }),
  })
