import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { UserFacingError } from "@/lib/errors"
import { loadSupabase } from "@/lib/supabase"

/** Ends the session; refuses when there is none, as the spec's logout rule says. */
export async function signOut() {
  const client = await loadSupabase()
  const {
    data: { session },
  } = await client.auth.getSession()
  if (!session) throw new UserFacingError("No active session", "You are not currently logged in.")
  const { error } = await client.auth.signOut()
  if (error) throw new UserFacingError("Error signing out", error.message)
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useSignOut = (
  options: Pick<UseMutationOptions<void, Error, void>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: signOut,
    meta: { errorTitle: "Error", errorFallback: "Failed to log out" },
  })
