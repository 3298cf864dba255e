import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { billingKeys } from "./billing-keys"

/** The credit ledger's reason for the credits a company got when it signed up (SIGNUP_CREDITS). */
export const SIGNUP_GRANT_REASON = "signup_grant"

export type SignupGrant = { credits: number; createdAt: string }

/** The company's sign-up grant from its credit ledger (row-level security: its own rows), or null. */
export function signupGrantQuery() {
  return queryOptions({
    queryKey: billingKeys.signupGrant(),
    queryFn: async (): Promise<SignupGrant | null> => {
      const { data, error } = await supabase()
        .from("credit_ledger")
        .select("delta, created_at")
        .eq("reason", SIGNUP_GRANT_REASON)
        .limit(1)
      if (error) throw error
      const row = data[0]
      return row ? { credits: Number(row.delta), createdAt: row.created_at } : null
    },
    staleTime: Infinity,
  })
}

export const useSignupGrant = () => useQuery(signupGrantQuery())
