import type { UsageGroupBy, UsageRow } from "@nativ/contracts"

/** Groups shown by name before the rest is summed into one "Other" bar. */
export const TOP_GROUPS = 10

export const BREAKDOWNS = [
  { id: "language", label: "Language" },
  { id: "tool", label: "Tool" },
  { id: "api_key", label: "API key" },
  { id: "member", label: "Member" },
] as const satisfies readonly { id: UsageGroupBy; label: string }[]

export type Breakdown = (typeof BREAKDOWNS)[number]["id"]

export function parseBreakdown(value: string | null): Breakdown {
  return BREAKDOWNS.find((b) => b.id === value)?.id ?? "language"
}

export type BreakdownBar = {
  key: string
  label: string
  operations: number
  credits: number
  /** This bar's credits as a share of the largest bar's, 0..1, for its drawn length. */
  scale: number
}

/**
 * The bars of a breakdown: the `top` groups by credits (the server's order: credits, then
 * operations, then key), then "Other (N more)" with the rest when there is any.
 */
export function toBreakdownBars(rows: readonly UsageRow[], top = TOP_GROUPS): BreakdownBar[] {
  const shown = rows.slice(0, top).map((row) => ({ ...row }))
  const rest = rows.slice(top)
  if (rest.length > 0)
    shown.push({
      key: "\u0000other",
      label: `Other (${rest.length} more)`,
      operations: rest.reduce((sum, row) => sum + row.operations, 0),
      credits: rest.reduce((sum, row) => sum + row.credits, 0),
    })
  const largest = Math.max(0, ...shown.map((bar) => bar.credits))
  return shown.map((bar) => ({ ...bar, scale: largest > 0 ? bar.credits / largest : 0 }))
}
