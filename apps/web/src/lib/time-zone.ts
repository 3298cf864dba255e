/** The browser's IANA time zone (e.g. "Europe/Paris"), which decides what a calendar day is. */
export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
}
