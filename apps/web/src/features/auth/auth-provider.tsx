import type { Session, SupabaseClient, User } from "@supabase/supabase-js"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import { supabase } from "@/lib/supabase"

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
 * The one auth provider. It starts loading, then follows supabase-js's auth events (initial
 * session, signed in, signed out, token refreshed, user updated, password recovery, MFA challenge
 * verified): each carries the current session, so every event simply replaces it. Signing out
 * drops the balance with the session.
 */
export function AuthProvider({
  children,
  client,
}: {
  children: React.ReactNode
  client?: SupabaseClient
}) {
  const queryClient = useQueryClient()
  const [auth, setAuth] = React.useState<{ loading: boolean; session: Session | null }>({
    loading: true,
    session: null,
  })

  React.useEffect(() => {
    const {
      data: { subscription },
    } = (client ?? supabase()).auth.onAuthStateChange((event, session) => {
      // Never await supabase calls in here: the client holds its auth lock while notifying.
      setAuth({ loading: false, session })
      if (event === "SIGNED_OUT") queryClient.removeQueries({ queryKey: creditKeys.all })
    })
    return () => subscription.unsubscribe()
  }, [client, queryClient])

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
