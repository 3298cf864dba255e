import { paths } from "@/config/paths"

const KEY = "nativ.return-to"

/** Screens of the sign-in itself: coming back to one would send the person round in a circle. */
const SIGN_IN_STEPS: readonly string[] = [paths.auth, paths.signup, paths.mfa]

/**
 * `value` as a path on this dashboard ("/connect?interaction=…"), or null. Only a relative path
 * resolving to this origin passes: "//evil.example", "/\evil.example", "https://…" and
 * "javascript:…" would turn the sign-in into an open redirect.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null
  // Browsers read a backslash as a slash and drop tabs and newlines: "/\x" and "/\t/x" are "//x".
  if (/[\\\s]/.test(value.slice(0, 2)) || value.startsWith("//")) return null
  let url: URL
  try {
    url = new URL(value, window.location.origin)
  } catch {
    return null
  }
  if (url.origin !== window.location.origin) return null
  if (SIGN_IN_STEPS.includes(url.pathname.replace(/(.)\/$/, "$1"))) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Keeps where a signed-out visitor was going, for after the sign-in (its two-factor step and a
 * reload in between included). Per tab: another tab's sign-in goes where that tab was going.
 */
export function rememberReturnTo(path: string) {
  const safe = safeReturnPath(path)
  try {
    if (safe) sessionStorage.setItem(KEY, safe)
  } catch {
    // No storage: the sign-in ends on the dashboard, as it always did.
  }
}

/** Where the sign-in should end: the remembered path, or the dashboard. */
export function returnPath(): string {
  try {
    return safeReturnPath(sessionStorage.getItem(KEY)) ?? paths.home
  } catch {
    return paths.home
  }
}

/** Called once the person is in: a later sign-in in this tab starts afresh. */
export function forgetReturnTo() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
