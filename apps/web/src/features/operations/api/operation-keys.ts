export const operationKeys = {
  all: ["operations"] as const,
  count: (endUserId: string) => ["operations", "count", endUserId] as const,
  page: (endUserId: string, page: number) => ["operations", "page", endUserId, page] as const,
}
