import type { Functions } from "@nativ/contracts"
import { queryOptions } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { analyticsKeys } from "./analytics-keys"

export type DailyCount = Functions<"operation_daily_counts">["Returns"][number]

/** Operations per calendar day in `timeZone`, oldest first, counted in SQL. */
export async function getDailyCounts(timeZone: string): Promise<DailyCount[]> {
  const { data, error } = await supabase().rpc("operation_daily_counts", { time_zone: timeZone })
  if (error) throw error
  return data ?? []
}

export function dailyCountsQuery(endUserId: string | null | undefined, timeZone: string) {
  return queryOptions({
    queryKey: analyticsKeys.daily(endUserId ?? "", timeZone),
    queryFn: () => getDailyCounts(timeZone),
    enabled: Boolean(endUserId),
    meta: { errorTitle: "Failed to fetch analytics data" },
  })
}
