import { Skeleton } from "@/components/ui/skeleton"
import { formatNumber } from "@/lib/format"

import { useTmStats } from "../api/get-tm-stats"

const FIGURES = [
  { key: "total", label: "Entries" },
  { key: "enabled", label: "Enabled" },
  { key: "disabled", label: "Disabled" },
] as const

/** How many entries the memory holds, and how many of them culturalizations use. */
export function TmStats() {
  const stats = useTmStats()
  return (
    <dl
      aria-label="Translation memory totals"
      aria-busy={stats.isPending || undefined}
      className="grid grid-cols-3 gap-3 sm:max-w-xl"
    >
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="grid gap-1 rounded-xl border bg-card px-3 py-3 shadow-sm sm:px-4">
          <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
          <dd className="flex h-8 items-center text-2xl font-bold tabular-nums">
            {stats.isPending ? (
              <Skeleton className="h-7 w-12" />
            ) : stats.isError ? (
              "-"
            ) : (
              formatNumber(stats.data[key])
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
