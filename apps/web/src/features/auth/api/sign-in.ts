import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { loadSupabase } from "@/lib/supabase"

import { getAssurance } from "@/lib/auth/mfa"

export type SignInInput = { email: string; password: string }

/** Signs in with the password; `needsCode` says the account's second factor is still owed. */
export async function signIn({ email, password }: SignInInput) {
  const client = await loadSupabase()
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  const { needsCode } = await getAssurance()
  return { ...data, needsCode }
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useSignIn = (
  options: Pick<
    UseMutationOptions<Awaited<ReturnType<typeof signIn>>, Error, SignInInput>,
    "onSuccess"
  > = {},
) =>
  useMutation({
    ...options,
    mutationFn: signIn,
    meta: { errorTitle: "Error signing in", errorFallback: "Failed to sign in" },
  })
