import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { operationKeys, type OperationsScope } from "./operation-keys"

/** How many operations are in scope: an exact count, no rows transferred. */
export async function getOperationsCount({ companyId, memberEmail }: OperationsScope) {
  let query = supabase()
    .from("operations")
    .select("*", { count: "exact", head: true })
    .eq("user_id", companyId)
  if (memberEmail) query = query.eq("member_email", memberEmail)
  const { count, error } = await query
  if (error) throw error
  return count ?? 0
}

export function operationsCountQuery(scope: OperationsScope | null) {
  return queryOptions({
    queryKey: operationKeys.count(scope ?? { companyId: "", memberEmail: null }),
    queryFn: () => getOperationsCount(scope as OperationsScope),
    enabled: Boolean(scope),
    meta: { errorTitle: "Error fetching operations count" },
  })
}

export const useOperationsCount = (scope: OperationsScope | null) =>
  useQuery(operationsCountQuery(scope))
