import { RestError } from "./errors"

/**
 * The request half of PostgREST's headers: what the client prefers (`Prefer`), which body shape it
 * accepts (`Accept`) and which schema it names (`Accept-Profile`/`Content-Profile`). Their answers
 * in the response are built in response-headers.ts.
 */

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
