import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { loadSupabase } from "@/lib/supabase"

/** Confirms the sign-up from the emailed token_hash; success opens a session. */
export async function verifyEmail(tokenHash: string) {
  const client = await loadSupabase()
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: "email" })
  if (error) throw error
  return data
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useVerifyEmail = (
  options: Pick<
    UseMutationOptions<Awaited<ReturnType<typeof verifyEmail>>, Error, string>,
    "onSuccess"
  > = {},
) =>
  useMutation({
    ...options,
    mutationFn: verifyEmail,
    meta: { errorTitle: "Error" },
  })
