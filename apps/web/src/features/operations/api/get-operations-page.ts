import type { Tables } from "@nativ/contracts"
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { NO_FILTERS } from "../lib/filters"
import { pageRange } from "../lib/pagination"
import { filterOperations } from "./filter-operations"
import { operationKeys, type OperationsScope } from "./operation-keys"

export type Operation = Pick<
  Tables<"operations">,
  "id" | "action" | "language" | "cost" | "tool" | "created_at"
> &
  Partial<Pick<Tables<"operations">, "member_email">>

const COLUMNS = "id, action, language, cost, tool, created_at"
const COLUMNS_WITH_MEMBER = "id, action, language, cost, tool, created_at, member_email"

/**
 * One page of the operations in scope, newest first, fetched with `.range()`. `withMember` adds
 * who made each one (companies of more than one person); otherwise the spec's columns exactly.
 */
export async function getOperationsPage(
  scope: OperationsScope,
  page: number,
  withMember: boolean,
): Promise<Operation[]> {
  const { from, to } = pageRange(page)
  const operations = supabase().from("operations")
  const query = filterOperations(
    withMember ? operations.select(COLUMNS_WITH_MEMBER) : operations.select(COLUMNS),
    scope,
  )
  const { data, error } = await query.order("created_at", { ascending: false }).range(from, to)
  if (error) throw error
  return data ?? []
}

/** The previous page stays on screen while the next one loads, so the table never collapses. */
export function operationsPageQuery(
  scope: OperationsScope | null,
  page: number,
  withMember: boolean,
) {
  return queryOptions({
    queryKey: operationKeys.page(scope ?? { companyId: "", ...NO_FILTERS }, page, withMember),
    queryFn: () => getOperationsPage(scope as OperationsScope, page, withMember),
    enabled: Boolean(scope),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Error fetching operations" },
  })
}

export const useOperationsPage = (
  scope: OperationsScope | null,
  page: number,
  withMember: boolean,
) => useQuery(operationsPageQuery(scope, page, withMember))
