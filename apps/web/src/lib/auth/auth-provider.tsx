import type { Session, User } from "@supabase/supabase-js"
import { useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import {
  hasStoredSession,
  isSessionStorageKey,
  loadSupabase,
  onSupabaseReady,
} from "@/lib/supabase"

import { getAssurance } from "./mfa"
import {
  forgetSessionEnd,
  noteSessionEnd,
  readSessionEnd,
  SESSION_ENDED_MESSAGE,
  takeDeliberateSignOut,
} from "./session-end"

export type AuthState = {
  /** True until supabase-js has told us whether a session exists, and how strong it is. */
  loading: boolean
  session: Session | null
  /**
   * The session is signed in with the password only, but the account has a verified second
   * factor: it must be raised with a code (/mfa) before the protected shell opens.
   */
  mfaRequired: boolean
  user: User | null
}

export const AuthContext = React.createContext<AuthState | null>(null)

/**
 * The one auth provider. It follows supabase-js's auth events (initial session, signed in, signed
 * out, token refreshed, user updated, password recovery, MFA challenge verified): each carries the
 * current session, so every event simply replaces it. Signing out clears every cached answer with
 * the session; one this tab did not ask for leaves /auth a reason to show (./session-end.ts).
 *
 * The client is created on first need (lib/supabase.ts): at once when a session is kept in this
 * browser (loading until its first event), otherwise when a screen calls it — a signed-out visitor
 * is known to be signed out without loading supabase-js, and its events are followed from then on.
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient()
  const [auth, setAuth] = React.useState<{ loading: boolean; session: Session | null }>(() => ({
    loading: hasStoredSession(),
    session: null,
  }))

  React.useEffect(() => {
    let subscription: { unsubscribe: () => void } | undefined
    const cancel = onSupabaseReady((client) => {
      subscription = client.auth.onAuthStateChange((event, session) => {
        // Never await supabase calls in here: the client holds its auth lock while notifying.
        // A transition: the screen a known session reveals (the whole signed-in shell) renders
        // in short slices that leave the main thread free, not in one long task.
        React.startTransition(() => setAuth({ loading: false, session }))
        if (event === "SIGNED_IN") forgetSessionEnd()
        if (event === "SIGNED_OUT") {
          // Not this tab's Log out: a revoked refresh token, another tab, an ended session.
          if (!takeDeliberateSignOut() && !readSessionEnd()) noteSessionEnd(SESSION_ENDED_MESSAGE)
          // Nothing read for this session stays: no screen shows it to the next one.
          queryClient.clear()
        }
      }).data.subscription
    })
    const load = () =>
      loadSupabase().catch((error: unknown) => {
        // Without the library nobody can be signed in here; /auth retries when the form is sent.
        console.error(error)
        setAuth({ loading: false, session: null })
      })
    if (hasStoredSession()) void load()
    // Another tab signing in stores a session: follow it, as the client itself would.
    const onStorage = (event: StorageEvent) => {
      if (event.newValue && isSessionStorageKey(event.key)) void load()
    }
    window.addEventListener("storage", onStorage)
    return () => {
      cancel()
      subscription?.unsubscribe()
      window.removeEventListener("storage", onStorage)
    }
  }, [queryClient])

  const assurance = useAssurance(auth.session)
  const user = auth.session?.user ?? null

  const value = React.useMemo<AuthState>(
    () => ({
      loading: auth.loading || assurance.loading,
      session: auth.session,
      mfaRequired: assurance.mfaRequired,
      user,
    }),
    [auth, assurance, user],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/**
 * The session's assurance level, read again whenever its access token changes (sign-in, a
 * verified code, a refresh that brings a newly added factor). The last answer for the same user
 * stands while the next is read, so a token refresh never blanks the screen. A failed read keeps
 * the shell closed: the code step still offers to sign out.
 */
function useAssurance(session: Session | null) {
  const [known, setKnown] = React.useState<{ userId: string; needsCode: boolean } | null>(null)
  const token = session?.access_token
  const userId = session?.user.id
  React.useEffect(() => {
    if (!token || !userId) return
    let current = true
    getAssurance().then(
      ({ needsCode }) => {
        // A transition, like the session itself: this is what opens the shell.
        if (current) React.startTransition(() => setKnown({ userId, needsCode }))
      },
      (error: unknown) => {
        console.error("Reading the session's assurance level failed:", error)
        if (current) setKnown({ userId, needsCode: true })
      },
    )
    return () => {
      current = false
    }
  }, [token, userId])
  const forUser = userId !== undefined && known?.userId === userId ? known : null
  return React.useMemo(
    () => ({
      loading: userId !== undefined && !forUser,
      mfaRequired: forUser?.needsCode ?? false,
    }),
    [userId, forUser],
  )
}

export function useAuth(): AuthState {
  const state = React.useContext(AuthContext)
  if (!state) throw new Error("useAuth must be used inside AuthProvider")
  return state
}
