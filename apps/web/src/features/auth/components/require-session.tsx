import type * as React from "react"
import { Navigate, useLocation } from "react-router"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { paths } from "@/config/paths"

import { useAuth } from "@/lib/auth/auth-provider"
import { readAuthTokens, setPasswordUrl } from "../lib/auth-tokens"

/**
 * The protected shell's gate, in the spec's order: invitation tokens in the hash or query go on to
 * /set-password; no session goes to /auth; 'Loading...' until the session is known. A session
 * that still owes its second factor goes to the code step (/mfa), also after a reload.
 */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const location = useLocation()
  const { loading, session, mfaRequired } = useAuth()
  const tokens = readAuthTokens(location)
  if (tokens) return <Navigate to={setPasswordUrl(tokens)} replace />
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (!session) return <Navigate to={paths.auth} replace />
  if (mfaRequired) return <Navigate to={paths.mfa} replace />
  return children
}

/**
 * Public screens that a signed-in visitor skips (/auth, /signup): they go to the dashboard, or
 * to the code step when the session still owes its second factor.
 */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const { loading, session, mfaRequired } = useAuth()
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (session) return <Navigate to={mfaRequired ? paths.mfa : paths.home} replace />
  return children
}
