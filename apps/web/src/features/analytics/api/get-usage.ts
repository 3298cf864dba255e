import { type UsageGroupBy, usageSchema } from "@nativ/contracts"
import { keepPreviousData, queryOptions } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import type { DayRange } from "../lib/date-range"
import { analyticsKeys } from "./analytics-keys"

export type UsageRequest = { range: DayRange; groupBy: UsageGroupBy; timeZone: string }

/** GET /usage: operations and credits over the range (All time: no from/to), grouped. */
export async function getUsage({ range, groupBy, timeZone }: UsageRequest) {
  const params = new URLSearchParams({ group_by: groupBy, time_zone: timeZone })
  if (range.from) params.set("from", range.from)
  if (range.to) params.set("to", range.to)
  return api.get(`/usage?${params}`, usageSchema)
}

/** The previous range's figures stay on screen while the next range loads. */
export function usageQuery(companyId: string | null | undefined, request: UsageRequest) {
  return queryOptions({
    queryKey: analyticsKeys.usage(companyId ?? "", request),
    queryFn: () => getUsage(request),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Failed to fetch analytics data" },
  })
}
