/**
 * A timestamp in US English with short month, day, year, hour and minute (spec section 9), in
 * the browser's time zone unless `timeZone` is given: "Mar 10, 2026, 1:05 PM". Missing or
 * unreadable values show '-'.
 */
export function formatOperationDate(timestamp: string | null | undefined, timeZone?: string) {
  if (!timestamp) return "-"
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return "-"
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(date)
}
