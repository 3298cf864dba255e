import type { UsageRequest } from "./get-usage"

export const analyticsKeys = {
  all: ["analytics"] as const,
  languages: (endUserId: string) => ["analytics", "languages", endUserId] as const,
  daily: (endUserId: string, timeZone: string) =>
    ["analytics", "daily", endUserId, timeZone] as const,
  usage: (companyId: string, request: UsageRequest) =>
    ["analytics", "usage", companyId, request] as const,
}
