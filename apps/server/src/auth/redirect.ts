import type { Env } from "../env"

/**
 * Validates `redirect_to` as Supabase Auth does: accepted when it is on SITE_URL's origin or
 * matches an ADDITIONAL_REDIRECT_URLS entry (an origin, or a URL prefix ending at a path
 * boundary). Returns undefined otherwise; callers then silently fall back to SITE_URL.
 */
export function acceptRedirect(
  env: Pick<Env, "SITE_URL" | "ADDITIONAL_REDIRECT_URLS">,
  requested: string | undefined,
): string | undefined {
  if (!requested) return undefined
  let url: URL
  try {
    url = new URL(requested)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  if (url.username || url.password) return undefined
  if (url.origin === new URL(env.SITE_URL).origin) return url.toString()
  for (const entry of env.ADDITIONAL_REDIRECT_URLS) {
    let allowed: URL
    try {
      allowed = new URL(entry)
    } catch {
      continue
    }
    if (allowed.origin !== url.origin) continue
    const prefix = allowed.pathname.replace(/\/+$/, "")
    if (prefix === "" || url.pathname === prefix || url.pathname.startsWith(prefix + "/"))
      return url.toString()
  }
  return undefined
}

/** `base` with extra query parameters (existing ones are replaced). */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** `base` with the fragment set to the given parameters (an existing fragment is replaced). */
export function withHash(base: string, params: Record<string, string>): string {
  const url = new URL(base)
  url.hash = new URLSearchParams(params).toString()
  return url.toString()
}
