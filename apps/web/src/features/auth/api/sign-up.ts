import { useMutation, type UseMutationOptions } from "@tanstack/react-query"

import { paths } from "@/config/paths"
import { loadSupabase } from "@/lib/supabase"

import { readSignUpResult } from "../lib/sign-up-outcome"

export type SignUpInput = { email: string; companyName: string; password: string }

/** Creates the account; the confirmation email links back to /email-confirmed. */
export async function signUp({ email, companyName, password }: SignUpInput) {
  const client = await loadSupabase()
  const result = await client.auth.signUp({
    email,
    password,
    options: {
      data: { company_name: companyName },
      emailRedirectTo: `${window.location.origin}${paths.emailConfirmed}`,
    },
  })
  return readSignUpResult(result)
}

/** Success callbacks go here, not to mutate(): they must run even when the screen has unmounted. */
export const useSignUp = (
  options: Pick<
    UseMutationOptions<Awaited<ReturnType<typeof signUp>>, Error, SignUpInput>,
    "onSuccess"
  > = {},
) =>
  useMutation({
    ...options,
    mutationFn: signUp,
    meta: { errorTitle: "Error creating account" },
  })
