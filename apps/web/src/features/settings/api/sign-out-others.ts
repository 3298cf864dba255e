import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { loadSupabase } from "@/lib/supabase"

/** Ends every other session of this account (POST /logout?scope=others); this one stays. */
export async function signOutOthers() {
  const client = await loadSupabase()
  const { error } = await client.auth.signOut({ scope: "others" })
  if (error) throw error
}

export const useSignOutOthers = (
  options: Pick<UseMutationOptions<void, Error, void>, "onSuccess"> = {},
) =>
  useMutation({
    ...options,
    mutationFn: signOutOthers,
    meta: { errorTitle: "Error signing out", errorFallback: "Failed to sign out other devices" },
  })
