import type { Session, User } from "@supabase/supabase-js"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import {
  hasStoredSession,
  isSessionStorageKey,
  loadSupabase,
  onSupabaseReady,
} from "@/lib/supabase"

import { creditKeys, userCreditsQuery } from "./api/user-credits"

export type AuthState = {
  /** True until supabase-js has told us whether a session exists. */
  loading: boolean
  session: Session | null
  user: User | null
  /** The balance; null when nobody is signed in or the read failed. */
  userCredits: number | null
  /** Reads the balance again (e.g. after a purchase). */
  refreshCredits: () => void
}

export const AuthContext = React.createContext<AuthState | null>(null)

/**
 * The one auth provider. It follows supabase-js's auth events (initial session, signed in, signed
 * out, token refreshed, user updated, password recovery, MFA challenge verified): each carries the
 * current session, so every event simply replaces it. Signing out drops the balance with the
 * session.
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
        setAuth({ loading: false, session })
        if (event === "SIGNED_OUT") queryClient.removeQueries({ queryKey: creditKeys.all })
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

  const user = auth.session?.user ?? null
  const credits = useQuery(userCreditsQuery(user?.id))
  const userCredits = user && !credits.isError ? (credits.data ?? null) : null

  const refreshCredits = React.useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: creditKeys.all })
  }, [queryClient])

  const value = React.useMemo<AuthState>(
    () => ({ loading: auth.loading, session: auth.session, user, userCredits, refreshCredits }),
    [auth, user, userCredits, refreshCredits],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const state = React.useContext(AuthContext)
  if (!state) throw new Error("useAuth must be used inside AuthProvider")
  return state
}
