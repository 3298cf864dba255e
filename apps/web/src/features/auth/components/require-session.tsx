import type * as React from "react"
import { Navigate, useLocation } from "react-router"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { paths } from "@/config/paths"

import { useAuth } from "../auth-provider"
import { readAuthTokens, setPasswordUrl } from "../lib/auth-tokens"

/**
 * The protected shell's gate, in the spec's order: invitation tokens in the hash or query go on to
 * /set-password; no session goes to /auth; 'Loading...' until the session is known.
 */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const location = useLocation()
  const { loading, session } = useAuth()
  const tokens = readAuthTokens(location)
  if (tokens) return <Navigate to={setPasswordUrl(tokens)} replace />
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (!session) return <Navigate to={paths.auth} replace />
  return children
}

/** Public screens that a signed-in visitor skips (/auth, /signup): they go to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const { loading, session } = useAuth()
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (session) return <Navigate to={paths.home} replace />
  return children
}
