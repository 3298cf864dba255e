import * as React from "react"
import { Navigate, useLocation } from "react-router"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { paths } from "@/config/paths"

import { useAuth } from "@/lib/auth/auth-provider"
import { readAuthTokens, setPasswordUrl } from "../lib/auth-tokens"
import { forgetReturnTo, rememberReturnTo, returnPath } from "../lib/return-to"

/**
 * The protected shell's gate, in the spec's order: invitation tokens in the hash or query go on to
 * /set-password; no session goes to /auth; 'Loading...' until the session is known. A session
 * that still owes its second factor goes to the code step (/mfa), also after a reload.
 *
 * A visitor who arrives signed out comes back here after signing in (../lib/return-to.ts); one
 * whose session ends while on the page (Log out, ended elsewhere) starts on the dashboard next
 * time, as before. `comeBackAfterCode` also returns a session that owed its code here (/connect,
 * /activate: the person is answering an app); the shell's pages leave that to the dashboard.
 */
export function RequireSession({
  children,
  comeBackAfterCode = false,
}: {
  children: React.ReactNode
  comeBackAfterCode?: boolean
}) {
  const location = useLocation()
  const { loading, session, mfaRequired } = useAuth()
  const tokens = readAuthTokens(location)
  const here = `${location.pathname}${location.search}${location.hash}`
  const signedOut = !tokens && !loading && !session
  const owesCode = !tokens && !loading && Boolean(session) && mfaRequired
  const allowed = !tokens && !loading && Boolean(session) && !mfaRequired
  // Whether this page was shown before the session went: then its end is no sign-in to return from.
  const shown = React.useRef(false)

  React.useEffect(() => {
    if (!allowed) return
    shown.current = true
    forgetReturnTo()
  }, [allowed])
  React.useEffect(() => {
    if ((signedOut && !shown.current) || (owesCode && comeBackAfterCode)) rememberReturnTo(here)
  }, [signedOut, owesCode, comeBackAfterCode, here])

  if (tokens) return <Navigate to={setPasswordUrl(tokens)} replace />
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (!session) return <Navigate to={paths.auth} replace />
  if (mfaRequired) return <Navigate to={paths.mfa} replace />
  return children
}

/**
 * Public screens that a signed-in visitor skips (/auth, /signup): they go where the sign-in was
 * headed (the dashboard unless a page sent them to sign in), or to the code step when the session
 * still owes its second factor.
 */
export function RedirectIfSignedIn({ children }: { children: React.ReactNode }) {
  const { loading, session, mfaRequired } = useAuth()
  if (loading) return <FullPageMessage>Loading...</FullPageMessage>
  if (session) return <Navigate to={mfaRequired ? paths.mfa : returnPath()} replace />
  return children
}
