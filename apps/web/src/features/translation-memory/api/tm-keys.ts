import type { TmFilters } from "../lib/tm-filters"

export const tmKeys = {
  all: ["translation-memory"] as const,
  lists: () => ["translation-memory", "list"] as const,
  list: (filters: TmFilters, page: number) =>
    ["translation-memory", "list", filters, page] as const,
  stats: () => ["translation-memory", "stats"] as const,
}
