import { USAGE_MAX_RANGE_DAYS } from "@nativ/contracts"

/**
 * The Analytics date range, kept in the URL (`?range=30d`, or `?range=custom&from=…&to=…`).
 * "All time" is the spec's view and the default, so it leaves the URL clean.
 */
export const RANGE_PRESETS = [
  { id: "7d", label: "Last 7 days" },
  { id: "30d", label: "Last 30 days" },
  { id: "90d", label: "Last 90 days" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
  { id: "all", label: "All time" },
  { id: "custom", label: "Custom" },
] as const

export type RangePreset = (typeof RANGE_PRESETS)[number]["id"]

/** The range asked for: a preset, and for Custom the days typed (either may still be missing). */
export type RangeChoice = { preset: RangePreset; from: string | null; to: string | null }

/** Inclusive calendar days; both null for All time. */
export type DayRange = { from: string; to: string } | { from: null; to: null }

export const ALL_TIME: DayRange = { from: null, to: null }

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function isCalendarDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

export function parseRangeChoice(params: URLSearchParams): RangeChoice {
  const raw = params.get("range")
  const preset = RANGE_PRESETS.find((p) => p.id === raw)?.id ?? "all"
  if (preset !== "custom") return { preset, from: null, to: null }
  const day = (name: string) => {
    const value = params.get(name)
    return isCalendarDay(value) ? value : null
  }
  return { preset, from: day("from"), to: day("to") }
}

/** Writes a choice into search params, dropping whatever the previous choice left there. */
export function writeRangeChoice(params: URLSearchParams, choice: RangeChoice) {
  params.delete("from")
  params.delete("to")
  if (choice.preset === "all") params.delete("range")
  else params.set("range", choice.preset)
  if (choice.preset === "custom") {
    if (choice.from) params.set("from", choice.from)
    if (choice.to) params.set("to", choice.to)
  }
  return params
}

/** Today's calendar day in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()) {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now)
}

/** Calendar arithmetic on YYYY-MM-DD days, done in UTC so no time zone or DST shifts a day. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Days from `from` to `to`, both counted (1 for a single day). */
export function daySpan(from: string, to: string) {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  )
}

/** Why a custom range cannot be asked for yet, or null when it can. */
export function customRangeProblem(from: string | null, to: string | null): string | null {
  if (!from || !to) return "Choose both a start and an end date."
  if (from > to) return "The start date must be on or before the end date."
  if (daySpan(from, to) > USAGE_MAX_RANGE_DAYS)
    return `A range can span at most ${USAGE_MAX_RANGE_DAYS} days.`
  return null
}

/**
 * The days a choice covers, with `today` the current day in the viewer's time zone; null for a
 * custom range that is not complete or not valid yet.
 */
export function resolveRange(choice: RangeChoice, today: string): DayRange | null {
  const monthStart = `${today.slice(0, 8)}01`
  switch (choice.preset) {
    case "all":
      return ALL_TIME
    case "7d":
      return { from: addDays(today, -6), to: today }
    case "30d":
      return { from: addDays(today, -29), to: today }
    case "90d":
      return { from: addDays(today, -89), to: today }
    case "this-month":
      return { from: monthStart, to: today }
    case "last-month": {
      const lastMonthEnd = addDays(monthStart, -1)
      return { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd }
    }
    case "custom":
      return customRangeProblem(choice.from, choice.to)
        ? null
        : { from: choice.from!, to: choice.to! }
  }
}
