import type { Tables } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { dashboardKeys } from "./dashboard-keys"

export type RecentOperation = Pick<
  Tables<"operations">,
  "id" | "action" | "file_id" | "created_at" | "language" | "tool"
>

/** The dashboard reads the 50 latest operations and shows 10 (docs/product.md#calls, #constants). */
export const RECENT_FETCHED = 50
export const RECENT_SHOWN = 10

/** The signed-in company's latest operations, newest first. */
export async function getRecentOperations(userId: string): Promise<RecentOperation[]> {
  const { data, error } = await supabase()
    .from("operations")
    .select("id, action, file_id, created_at, language, tool")
    .eq("user_id", userId)
    .order("created_at", { ascending: false })
    .limit(RECENT_FETCHED)
  if (error) throw error
  return data ?? []
}

export function recentOperationsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.recent(userId ?? ""),
    queryFn: () => getRecentOperations(userId as string),
    enabled: Boolean(userId),
    select: (rows) => rows.slice(0, RECENT_SHOWN),
    meta: {
      errorTitle: "Error fetching operations",
      errorFallback: "Failed to fetch dashboard data",
    },
  })
}

export const useRecentOperations = (userId: string | undefined) =>
  useQuery(recentOperationsQuery(userId))
