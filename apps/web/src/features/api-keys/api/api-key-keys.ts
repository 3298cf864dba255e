export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => ["api-keys", "list"] as const,
}
