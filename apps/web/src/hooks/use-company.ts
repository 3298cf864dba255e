import { type MemberRole, ROLE_CAN } from "@nativ/contracts/roles"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { useMembership } from "./use-end-user"

export const companyKeys = {
  name: (companyId: string) => ["account", "company-name", companyId] as const,
}

/** `users.name` of the company. A failed read is only logged: whoever shows it says so. */
export function companyNameQuery(companyId: string | undefined) {
  return queryOptions({
    queryKey: companyKeys.name(companyId ?? ""),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from("users")
        .select("name")
        .eq("id", companyId as string)
        .single()
      if (error) throw error
      return data.name ?? ""
    },
    enabled: Boolean(companyId),
  })
}

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
}

/**
 * The company the signed-in person works for (found by their email, docs/teams.md), its name,
 * their role, and what that role may do. For a founder the company id is their own user id.
 */
export function useCompany() {
  const { membership, pending, error } = useMembership()
  const name = useQuery(companyNameQuery(membership?.companyId))
  const role = membership?.role
  return {
    companyId: membership?.companyId,
    memberId: membership?.memberId,
    role,
    name,
    pending,
    error,
    /** What the role may do; all false while the role is unknown. */
    can: (action: keyof typeof ROLE_CAN) => (role ? ROLE_CAN[action](role) : false),
  }
}
