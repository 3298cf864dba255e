import type { QueryClient } from "@tanstack/react-query"

import { loadSupabase } from "@/lib/supabase"

/** The spec's message for a call made without a session (the product API client throws it). */
export const NO_TOKEN_MESSAGE = "No authentication token available"

/** A call refused here because there was no session to send: the spec still toasts it. */
export function isMissingToken(error: unknown) {
  return error instanceof Error && error.message === NO_TOKEN_MESSAGE
}

/** What /auth says after a session ended anywhere but this tab's own Log out button. */
export const SESSION_ENDED_MESSAGE = "Your session ended. Sign in again."

/** What /auth says to someone whose company no longer lists them. */
export function removedMessage(company?: string) {
  return `You are no longer a member of ${company || "your company"}. Ask its owner or an admin to invite you again.`
}

/** Why a failed call means the session is gone, or null when it means something else. */
export type SessionEnd = "ended" | "removed"

/** Auth server codes (supabase-js AuthError.code) that say the session or its user is gone. */
const ENDED_AUTH_CODES = new Set([
  "session_not_found",
  "session_expired",
  "refresh_token_not_found",
  "refresh_token_already_used",
  "user_not_found",
  "bad_jwt",
])

/** PostgREST's codes for a refused token: not a JWT, bad signature, expired. */
const ENDED_REST_CODES = new Set(["PGRST301", "PGRST302", "PGRST303"])

function field(error: object, name: string): unknown {
  return (error as Record<string, unknown>)[name]
}

/**
 * The one place that reads a failure as "the session is gone": a 401 from the product API (no
 * token, expired, ended or its user deleted), a 403 `not_a_member` (removed from the company), an
 * auth error naming a missing session or refresh token, or a REST answer refusing the JWT. Every
 * other failure is the screen's own to show (an error state with Retry, a toast).
 */
export function sessionEnd(error: unknown): SessionEnd | null {
  if (!error || typeof error !== "object") return null
  const name = field(error, "name")
  // The product API's error (lib/api-client's ApiError), read by its name: importing the client
  // here would put it on /auth's first load.
  if (name === "NativApiError") {
    const code = field(error, "code")
    if (code === "not_a_member") return "removed"
    if (field(error, "status") === 401 || code === "session_not_found") return "ended"
    return null
  }
  if (name === "AuthSessionMissingError") return "ended"
  const code = field(error, "code")
  if (typeof code !== "string") return null
  if (ENDED_REST_CODES.has(code)) return "ended"
  if (typeof name === "string" && name.startsWith("Auth") && ENDED_AUTH_CODES.has(code))
    return "ended"
  return null
}

const MESSAGE_KEY = "nativ.session-end-message"

/** Keeps the reason for /auth, across the redirect and a reload. */
export function noteSessionEnd(message: string) {
  try {
    sessionStorage.setItem(MESSAGE_KEY, message)
  } catch {
    // No storage: /auth simply shows no reason.
  }
}

/** The reason /auth shows, if a session ended here; see forgetSessionEnd. */
export function readSessionEnd(): string | null {
  try {
    return sessionStorage.getItem(MESSAGE_KEY)
  } catch {
    return null
  }
}

export function forgetSessionEnd() {
  try {
    sessionStorage.removeItem(MESSAGE_KEY)
  } catch {
    // Nothing kept.
  }
}

let deliberate = false

/** Called before this tab's own sign-out, which /auth then does not explain. */
export function markDeliberateSignOut() {
  deliberate = true
}

/**
 * Reads and resets whether the sign-out under way was asked for here; anything else (a revoked
 * refresh token, another tab's Log out) is a session that ended and gets the message.
 */
export function takeDeliberateSignOut() {
  const was = deliberate
  deliberate = false
  return was
}

let ending = false

function companyName(queryClient: QueryClient): string | undefined {
  const [, name] =
    queryClient
      .getQueriesData<string>({ queryKey: ["account", "company-name"] })
      .find(([, value]) => typeof value === "string" && value) ?? []
  return name
}

/**
 * Signs this tab out at once, with the reason /auth shows: the session ended elsewhere, or the
 * company removed this person. The caches are cleared with the session (AuthProvider, on the
 * SIGNED_OUT event), so no screen keeps another company's or a stale answer. Only the first call
 * acts while one is under way; with no session left there is nothing to end.
 */
export async function endSession(queryClient: QueryClient, why: SessionEnd) {
  if (ending) return
  ending = true
  try {
    const client = await loadSupabase()
    const { data } = await client.auth.getSession()
    if (!data.session) return
    noteSessionEnd(
      why === "removed" ? removedMessage(companyName(queryClient)) : SESSION_ENDED_MESSAGE,
    )
    // Local: this browser's session only; the server may already have forgotten it.
    await client.auth.signOut({ scope: "local" }).catch((error: unknown) => console.error(error))
  } catch (error) {
    console.error("Ending the session failed:", error)
  } finally {
    ending = false
  }
}
