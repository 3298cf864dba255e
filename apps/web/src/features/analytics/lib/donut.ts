export type LanguageCount = { language: string; count: number }
export type DonutSlice = LanguageCount & { percent: number; label: string; color: string }

/** Slices shown by name before the rest is summed into 'Other' (docs/product.md#constants). */
export const TOP_LANGUAGES = 5
export const OTHER = "Other"

/**
 * The chart palette: 18 colours (docs/product.md#constants), mid-tone so each reads on a light and on a dark
 * card, neighbours far apart in hue so adjacent slices stay distinguishable.
 */
export const CHART_COLORS = [
  "#6366f1",
  "#f59e0b",
  "#10b981",
  "#ef4444",
  "#0ea5e9",
  "#d946ef",
  "#84cc16",
  "#f97316",
  "#14b8a6",
  "#8b5cf6",
  "#eab308",
  "#ec4899",
  "#22c55e",
  "#3b82f6",
  "#f43f5e",
  "#06b6d4",
  "#a855f7",
  "#64748b",
] as const

/** A share of a whole as a percentage with one decimal: 1 of 3 → "33.3%". */
export function percentLabel(count: number, total: number) {
  return `${(total > 0 ? (count / total) * 100 : 0).toFixed(1)}%`
}

/**
 * The donut's slices: the `top` languages by count (ties by name), then one 'Other' slice with
 * the rest when that is above 0. An 'Other' row already in `rows` (the server's own summary) is
 * part of the rest, so the result is the same whether the server or this function summarised.
 */
export function toDonutSlices(rows: readonly LanguageCount[], top = TOP_LANGUAGES): DonutSlice[] {
  const named = rows
    .filter((row) => row.language !== OTHER && row.count > 0)
    .toSorted((a, b) => b.count - a.count || a.language.localeCompare(b.language))
  const shown = named.slice(0, top)
  const rest =
    named.slice(top).reduce((sum, row) => sum + row.count, 0) +
    rows.filter((row) => row.language === OTHER).reduce((sum, row) => sum + row.count, 0)
  const entries = rest > 0 ? [...shown, { language: OTHER, count: rest }] : shown
  const total = entries.reduce((sum, row) => sum + row.count, 0)
  return entries.map((row, i) => ({
    ...row,
    percent: total > 0 ? row.count / total : 0,
    label: percentLabel(row.count, total),
    color: CHART_COLORS[i % CHART_COLORS.length]!,
  }))
}
