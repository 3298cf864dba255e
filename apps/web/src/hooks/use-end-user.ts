import type { MemberRole } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { useAuth } from "@/lib/auth/auth-provider"
import { supabase } from "@/lib/supabase"

/** PostgREST's code for "`.single()` matched no row". */
const NO_ROWS = "PGRST116"

/**
 * The signed-in person's place in a company: the company (`user_id`, whose balance, languages and
 * operations they share), their member id and role.
 */
export type Membership = { companyId: string; memberId: string; role: MemberRole }

/**
 * The end-user record matched by the signed-in email (docs/product.md#calls), or null when there
 * is no such record: then operations and analytics are simply empty. Stored emails are lower-case.
 */
export async function getMembership(email: string): Promise<Membership | null> {
  const { data, error } = await supabase()
    .from("end_users")
    .select("user_id, id, role")
    .eq("email", email.toLowerCase())
    .single()
  if (error?.code === NO_ROWS) return null
  if (error) throw error
  return { companyId: data.user_id, memberId: data.id, role: data.role as MemberRole }
}

export const endUserKeys = { byEmail: (email: string) => ["end-user", email] as const }

export function endUserQuery(email: string | undefined) {
  return queryOptions({
    queryKey: endUserKeys.byEmail(email ?? ""),
    queryFn: () => getMembership(email as string),
    enabled: Boolean(email),
    meta: { errorTitle: "Error fetching user data" },
  })
}

/** The signed-in person's membership; undefined while it loads, null when there is none. */
export function useMembership() {
  const { user } = useAuth()
  const query = useQuery(endUserQuery(user?.email))
  return {
    membership: query.data,
    pending: Boolean(user?.email) && query.isPending,
    error: query.isError,
  }
}
