import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

/** PostgREST's code for "`.single()` matched no row". */
const NO_ROWS = "PGRST116"

/**
 * The end-user id matched by the signed-in email (spec sections 2 and 7), or null when there is
 * no such record: then operations and analytics are simply empty. Stored emails are lower-case.
 */
export async function getEndUserId(email: string): Promise<string | null> {
  const { data, error } = await supabase()
    .from("end_users")
    .select("user_id")
    .eq("email", email.toLowerCase())
    .single()
  if (error?.code === NO_ROWS) return null
  if (error) throw error
  return (data as { user_id: string }).user_id
}

export const endUserKeys = { byEmail: (email: string) => ["end-user", email] as const }

export function endUserQuery(email: string | undefined) {
  return queryOptions({
    queryKey: endUserKeys.byEmail(email ?? ""),
    queryFn: () => getEndUserId(email as string),
    enabled: Boolean(email),
    meta: { errorTitle: "Error fetching user data" },
  })
}

export const useEndUser = (email: string | undefined) => useQuery(endUserQuery(email))
