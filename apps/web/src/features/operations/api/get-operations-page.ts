import type { Tables } from "@nativ/contracts"
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { pageRange } from "../lib/pagination"
import { operationKeys } from "./operation-keys"

export type Operation = Pick<
  Tables<"operations">,
  "id" | "action" | "language" | "cost" | "tool" | "created_at"
>

/** One page of the end user's operations, newest first, fetched with `.range()`. */
export async function getOperationsPage(endUserId: string, page: number): Promise<Operation[]> {
  const { from, to } = pageRange(page)
  const { data, error } = await supabase()
    .from("operations")
    .select("id, action, language, cost, tool, created_at")
    .eq("user_id", endUserId)
    .order("created_at", { ascending: false })
    .range(from, to)
  if (error) throw error
  return data ?? []
}

/** The previous page stays on screen while the next one loads, so the table never collapses. */
export function operationsPageQuery(endUserId: string | null | undefined, page: number) {
  return queryOptions({
    queryKey: operationKeys.page(endUserId ?? "", page),
    queryFn: () => getOperationsPage(endUserId as string, page),
    enabled: Boolean(endUserId),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Error fetching operations" },
  })
}

export const useOperationsPage = (endUserId: string | null | undefined, page: number) =>
  useQuery(operationsPageQuery(endUserId, page))
