export const dashboardKeys = {
  all: ["dashboard"] as const,
  recent: (userId: string) => ["dashboard", "recent-operations", userId] as const,
  today: (userId: string, timeZone: string) =>
    ["dashboard", "operations-today", userId, timeZone] as const,
  lowBalance: (companyId: string) => ["dashboard", "low-balance", companyId] as const,
  playgroundRuns: (companyId: string) => ["dashboard", "playground-runs", companyId] as const,
  creditsReceived: (companyId: string) => ["dashboard", "credits-received", companyId] as const,
  apiKeyCount: () => ["dashboard", "api-key-count"] as const,
}
