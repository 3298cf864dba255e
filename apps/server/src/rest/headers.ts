import { RestError } from "./errors"

/** The `Prefer` values postgrest-js sends, comma-joined (split and trimmed; unknown ones ignored). */
export type Preferences = {
  return: "minimal" | "representation" | "headers-only" | null
  count: "exact" | "planned" | "estimated" | null
  missing: "default" | "null" | null
  resolution: "merge-duplicates" | "ignore-duplicates" | null
}

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, missing: null, resolution: null }
  for (const part of (header ?? "").split(",")) {
    const [key = "", value = ""] = part
      .trim()
      .split("=", 2)
      .map((s) => s.trim())
    if (key === "return" && ["minimal", "representation", "headers-only"].includes(value))
      prefs.return = value as Preferences["return"]
    else if (key === "count" && ["exact", "planned", "estimated"].includes(value))
      prefs.count = value as Preferences["count"]
    else if (key === "missing" && (value === "default" || value === "null")) prefs.missing = value
    else if (key === "resolution" && ["merge-duplicates", "ignore-duplicates"].includes(value))
      prefs.resolution = value as Preferences["resolution"]
  }
  return prefs
}

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

const OBJECT = "application/vnd.pgrst.object"

/**
 * `.single()` sends `Accept: application/vnd.pgrst.object+json`; everything JSON-ish (or nothing,
 * or a wildcard) gets the array. Other media types (CSV, plans) are not served: 406 PGRST107.
 */
export function negotiate(accept: string | undefined): "array" | "object" {
  if (!accept || accept.trim() === "") return "array"
  const types = accept.split(",").map((t) => t.split(";")[0]!.trim().toLowerCase())
  if (types.some((t) => t === OBJECT || t === `${OBJECT}+json`)) return "object"
  if (
    types.some((t) => t === "application/json" || t === "*/*" || t === "application/*" || t === "")
  )
    return "array"
  throw new RestError(
    406,
    "PGRST107",
    `None of these media types are available: ${accept.slice(0, 200)}`,
  )
}

/** Only schema `public` is exposed (Accept-Profile on reads, Content-Profile on writes). */
export function checkProfile(profile: string | undefined) {
  if (profile === undefined || profile === "public") return
  throw new RestError(
    406,
    "PGRST106",
    `Invalid schema: ${profile.slice(0, 100)}`,
    null,
    "Only the following schemas are exposed: public",
  )
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
