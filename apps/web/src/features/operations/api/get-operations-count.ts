import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { operationKeys } from "./operation-keys"

/** How many operations the end user has: an exact count, no rows transferred. */
export async function getOperationsCount(endUserId: string): Promise<number> {
  const { count, error } = await supabase()
    .from("operations")
    .select("*", { count: "exact", head: true })
    .eq("user_id", endUserId)
  if (error) throw error
  return count ?? 0
}

export function operationsCountQuery(endUserId: string | null | undefined) {
  return queryOptions({
    queryKey: operationKeys.count(endUserId ?? ""),
    queryFn: () => getOperationsCount(endUserId as string),
    enabled: Boolean(endUserId),
    meta: { errorTitle: "Error fetching operations count" },
  })
}

export const useOperationsCount = (endUserId: string | null | undefined) =>
  useQuery(operationsCountQuery(endUserId))
