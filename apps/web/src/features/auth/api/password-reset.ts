import type { Session } from "@supabase/supabase-js"
import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { paths } from "@/config/paths"
import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

/** Whether an auth error is the server's rate limit (HTTP 429). */
const isRateLimited = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { status?: unknown }).status === 429

/**
 * Mails a reset link that lands on /reset-password. The server answers the same for every
 * address, so the screen never learns (or tells) whether an account exists.
 */
export async function requestPasswordReset(email: string) {
  const client = await loadSupabase()
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  })
  if (isRateLimited(error))
    throw new UserFacingError(
      "Too many requests",
      "Too many reset links were requested. Please wait a few minutes, then try again.",
    )
  if (error) throw error
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useRequestPasswordReset = (
  options: Pick<UseMutationOptions<void, Error, string>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: requestPasswordReset,
    meta: { errorTitle: "Error sending reset link", errorFallback: "Please try again." },
  })

export const expiredResetLink = () =>
  new UserFacingError(
    "Reset link expired",
    "This password reset link is invalid, has expired or was already used.",
  )

/**
 * The session a recovery link opened: supabase-js picked it from the address while starting
 * (PASSWORD_RECOVERY); `initialize()` hands back what that found, or the link's failure.
 */
export async function openRecoverySession(): Promise<Session> {
  const client = await loadSupabase()
  const { error } = await client.auth.initialize()
  if (error) {
    console.error("Recovery link refused:", error)
    throw expiredResetLink()
  }
  const { data } = await client.auth.getSession()
  if (!data.session) throw expiredResetLink()
  return data.session
}
