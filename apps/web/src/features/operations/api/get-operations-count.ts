import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { NO_FILTERS } from "../lib/filters"
import { filterOperations } from "./filter-operations"
import { operationKeys, type OperationsScope } from "./operation-keys"

/** How many operations are in scope: an exact count, no rows transferred. */
export async function getOperationsCount(scope: OperationsScope) {
  const { count, error } = await filterOperations(
    supabase().from("operations").select("*", { count: "exact", head: true }),
    scope,
  )
  if (error) throw error
  return count ?? 0
}

export function operationsCountQuery(scope: OperationsScope | null) {
  return queryOptions({
    queryKey: operationKeys.count(scope ?? { companyId: "", ...NO_FILTERS }),
    queryFn: () => getOperationsCount(scope as OperationsScope),
    enabled: Boolean(scope),
    meta: { errorTitle: "Error fetching operations count" },
  })
}

export const useOperationsCount = (scope: OperationsScope | null) =>
  useQuery(operationsCountQuery(scope))
