import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

export const accountKeys = {
  email: (email: string) => ["account", "email", email] as const,
}

/** The end-user record's email for the signed-in address. */
export function accountEmailQuery(email: string | undefined) {
  return queryOptions({
    queryKey: accountKeys.email(email ?? ""),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from("end_users")
        .select("email")
        .eq("email", email as string)
        .single()
      if (error) throw error
      return data.email
    },
    enabled: Boolean(email),
  })
}

export const useAccountEmail = (email: string | undefined) => useQuery(accountEmailQuery(email))
