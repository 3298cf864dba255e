import type { AuditEvent } from "@nativ/contracts"
import Papa from "papaparse"

import { activitySentence } from "./activity-sentence"

const COLUMNS = ["time", "member", "action", "target", "description", "details"] as const

/** Spreadsheets run a cell that starts with one of these as a formula; such cells are escaped. */
const FORMULA = /^[=+\-@\t\r]/

/** The activity log as CSV (CRLF lines, a header row), newest first as given. */
export function activityCsv(events: AuditEvent[]): string {
  const rows = events.map((event) => ({
    time: event.created_at,
    member: event.actor_email ?? "Nativ",
    action: event.action,
    target: event.target ?? "",
    description: `${event.actor_email ?? "Nativ"} ${activitySentence(event)}`,
    details: Object.keys(event.details).length ? JSON.stringify(event.details) : "",
  }))
  if (rows.length === 0) return `${COLUMNS.join(",")}\r\n`
  const csv = Papa.unparse(rows, {
    columns: [...COLUMNS],
    newline: "\r\n",
    escapeFormulae: FORMULA,
  })
  return `${csv}\r\n`
}

/** "activity-2026-11-26.csv", the day in the browser's time zone. */
export function activityFileName(now: Date) {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, "0"))
    .join("-")
  return `activity-${day}.csv`
}
