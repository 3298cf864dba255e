import type { Preferences } from "./request-headers"

/** The response half of PostgREST's headers: body types, ranges, statuses and echoed preferences. */

export const JSON_TYPE = "application/json; charset=utf-8"
export const OBJECT_TYPE = "application/vnd.pgrst.object+json; charset=utf-8"

/** The applied preferences, echoed as PostgREST does in `Preference-Applied`. */
export function preferenceApplied(prefs: Preferences): string | null {
  const applied = [
    prefs.resolution && `resolution=${prefs.resolution}`,
    prefs.missing && `missing=${prefs.missing}`,
    prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
  ].filter(Boolean)
  return applied.length ? applied.join(", ") : null
}

/** PostgREST's Content-Range: `first-last/total`, `*` for an empty range or an unknown total. */
export function contentRange(offset: number, rows: number, total: number | null) {
  const range = rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}` : "*"
  return `${range}/${total ?? "*"}`
}

/** PostgREST's status for a counted read: 416 past the end, 206 for a part, else 200. */
export function rangeStatus(offset: number, rows: number, total: number | null): 200 | 206 | 416 {
  if (total === null) return 200
  if (offset > total) return 416
  if (rows < total) return 206
  return 200
}
