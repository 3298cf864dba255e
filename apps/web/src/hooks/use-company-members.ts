import { memberListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"

/** The company's people, read through the product API; Settings changes them (docs/teams.md). */
export const memberKeys = {
  all: ["members"] as const,
  list: () => ["members", "list"] as const,
  activity: () => ["members", "activity"] as const,
}

export function membersQuery() {
  return queryOptions({
    queryKey: memberKeys.list(),
    queryFn: async () => (await api.get("/members", memberListSchema)).members,
  })
}

export const useCompanyMembers = () => useQuery(membersQuery())
