/** The browser's IANA time zone (e.g. "Europe/Paris"), which decides what "today" means. */
export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
}
