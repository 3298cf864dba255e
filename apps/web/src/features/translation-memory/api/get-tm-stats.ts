import { tmStatsSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

import { tmKeys } from "./tm-keys"

/** GET /master-tm/stats; a failure is only logged, as the table reports the same trouble. */
export function tmStatsQuery() {
  return queryOptions({
    queryKey: tmKeys.stats(),
    queryFn: () => api.get("/master-tm/stats", tmStatsSchema),
  })
}

export const useTmStats = () => useQuery(tmStatsQuery())
