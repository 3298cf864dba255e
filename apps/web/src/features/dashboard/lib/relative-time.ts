const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

/**
 * How long ago `timestamp` was, as the spec words it: 'N seconds ago' under 60 s, 'N mins ago'
 * under 3600 s, 'N hours ago' under 86400 s, 'N days ago' beyond; 'Unknown time' when there is no
 * valid timestamp. A time slightly in the future (clock skew) counts as 0 seconds ago.
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return "Unknown time"
  const time = new Date(timestamp).getTime()
  if (Number.isNaN(time)) return "Unknown time"
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000))
  if (seconds < MINUTE) return `${seconds} seconds ago`
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} mins ago`
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hours ago`
  return `${Math.floor(seconds / DAY)} days ago`
}
