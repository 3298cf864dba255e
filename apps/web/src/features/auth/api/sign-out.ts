import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { markDeliberateSignOut } from "@/lib/auth/session-end"
import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

/**
 * Ends the session; refuses when there is none, as the spec's logout rule says. `global` (the
 * Log out button) ends every session of the account; `local` ends only this one, all that a
 * session still owing its two-factor code may do (the server refuses it more).
 */
export async function signOut(scope: "global" | "local" = "global") {
  const client = await loadSupabase()
  const {
    data: { session },
  } = await client.auth.getSession()
  if (!session) throw new UserFacingError("No active session", "You are not currently logged in.")
  markDeliberateSignOut()
  const { error } = await client.auth.signOut({ scope })
  if (error) throw new UserFacingError("Error signing out", error.message)
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useSignOut = (
  options: Pick<UseMutationOptions<void, Error, void>, "onSuccess"> & {
    scope?: "global" | "local"
  } = {},
) =>
  useMutation({
    onSuccess: options.onSuccess,
    mutationFn: () => signOut(options.scope),
    meta: { errorTitle: "Error", errorFallback: "Failed to log out" },
  })
