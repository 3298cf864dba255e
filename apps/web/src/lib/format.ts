/*
 * Every number and date the dashboard shows is written here, in US English as the spec has it.
 */

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })
const number = new Intl.NumberFormat("en-US")

/** A credit balance with thousands separators: 1234567 → "1,234,567". */
export function formatCredits(credits: number) {
  return integer.format(credits)
}

/** A count or cost with thousands separators (up to three decimals): 1234.5 → "1,234.5". */
export function formatNumber(value: number) {
  return number.format(value)
}

/**
 * A timestamp with short month, day, year, hour and minute (docs/product.md#constants), in the browser's
 * time zone unless `timeZone` is given: "Mar 10, 2026, 1:05 PM". Missing or unreadable values
 * show '-'.
 */
export function formatDateTime(timestamp: string | null | undefined, timeZone?: string) {
  const date = readDate(timestamp)
  if (!date) return "-"
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(date)
}

/**
 * A timestamp in full, to the second and with its time zone, for when the exact moment matters
 * (the activity log's hover): "Thursday, November 26, 2026 at 9:25:19 PM UTC".
 */
export function formatFullDateTime(timestamp: string | null | undefined, timeZone?: string) {
  const date = readDate(timestamp)
  if (!date) return "-"
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "full",
    timeStyle: "long",
    timeZone,
  }).format(date)
}

/**
 * A count with its noun in the right number, thousands separated: 1 → "1 credit",
 * 20000 → "20,000 credits". `many` is for nouns that do not just take an "s" ("entries").
 */
export function countOf(count: number, one: string, many = `${one}s`) {
  return `${number.format(count)} ${plural(count, one, many)}`
}

/** The noun alone, for a count shown apart from it: plural(1, "credit") → "credit". */
export function plural(count: number, one: string, many = `${one}s`) {
  return count === 1 ? one : many
}

/** A timestamp's day in the browser's time zone: "Nov 1, 2026". */
export function formatDate(timestamp: string) {
  return new Date(timestamp).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
  })
}

const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
})
const fullDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
})

/**
 * A 'YYYY-MM-DD' calendar day, "Mar 5" or with `year` "Mar 5, 2026". The day is already in the
 * user's zone (the server counted it there), so it is formatted as that day in UTC.
 */
export function formatCalendarDay(day: string, { year = false } = {}) {
  return (year ? fullDay : shortDay).format(new Date(`${day}T00:00:00Z`))
}

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

/**
 * How long ago `timestamp` was, as the spec words it: 'N seconds ago' under 60 s, 'N mins ago'
 * under 3600 s, 'N hours ago' under 86400 s, 'N days ago' beyond; 'Unknown time' when there is no
 * valid timestamp. A time slightly in the future (clock skew) counts as 0 seconds ago.
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  const date = readDate(timestamp)
  if (!date) return "Unknown time"
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000))
  if (seconds < MINUTE) return `${seconds} seconds ago`
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} mins ago`
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hours ago`
  return `${Math.floor(seconds / DAY)} days ago`
}

function readDate(timestamp: string | null | undefined): Date | null {
  if (!timestamp) return null
  const date = new Date(timestamp)
  return Number.isNaN(date.getTime()) ? null : date
}
