import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

export const accountKeys = {
  companyName: (userId: string) => ["account", "company-name", userId] as const,
  email: (email: string) => ["account", "email", email] as const,
}

/** `users.name` for the signed-in company. A failed read is only logged: the field says so. */
export function companyNameQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: accountKeys.companyName(userId ?? ""),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from("users")
        .select("name")
        .eq("id", userId as string)
        .single()
      if (error) throw error
      return data.name ?? ""
    },
    enabled: Boolean(userId),
  })
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

export const useCompanyName = (userId: string | undefined) => useQuery(companyNameQuery(userId))
export const useAccountEmail = (email: string | undefined) => useQuery(accountEmailQuery(email))
