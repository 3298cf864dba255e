import type { Session, User } from "@supabase/supabase-js"
import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

import type { AuthTokens } from "../lib/auth-tokens"

export const invalidInvitation = () =>
  new UserFacingError("Invalid invitation link", "This invitation link is invalid or has expired.")

/** Opens the invited user's session from the tokens the invitation link carried. */
export async function openInvitation({ accessToken, refreshToken }: AuthTokens) {
  const client = await loadSupabase()
  const { data, error } = await client.auth.setSession({
    access_token: accessToken,
    refresh_token: refreshToken,
  })
  if (error || !data.session) {
    if (error) console.error("Invitation session failed:", error)
    throw invalidInvitation()
  }
  return data.session
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useOpenInvitation = (
  options: Pick<UseMutationOptions<Session, Error, AuthTokens>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: openInvitation,
    meta: { errorTitle: "Invalid invitation link" },
  })

export async function setPassword(password: string) {
  const client = await loadSupabase()
  const { data, error } = await client.auth.updateUser({ password })
  if (error) throw error
  return data.user
}

export const useSetPassword = (
  options: Pick<UseMutationOptions<User, Error, string>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: setPassword,
    meta: { errorTitle: "Error setting password" },
  })
