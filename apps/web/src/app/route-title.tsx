import * as React from "react"
import { matchPath, useLocation } from "react-router"

import { paths } from "@/config/paths"

/** Each screen's name in the browser tab, as the sidebar and the page's heading call it. */
const TITLES: [pattern: string, name: string][] = [
  [paths.home, "Dashboard"],
  [paths.operations, "Operations"],
  [paths.analytics, "Analytics"],
  [paths.playground, "Playground"],
  [paths.glossaries, "Glossaries"],
  [paths.translationMemory, "Translation Memory"],
  [paths.plugins, "Plugins"],
  [paths.credits, "Buy Credits"],
  [paths.receipt, "Receipt"],
  [paths.apiKeys, "API Keys"],
  [paths.settings, "Settings"],
  [paths.auth, "Sign in"],
  [paths.signup, "Sign up"],
  [paths.emailConfirmed, "Email confirmed"],
  [paths.setPassword, "Set password"],
  [paths.declineInvitation, "Decline invitation"],
  [paths.forgotPassword, "Forgot password"],
  [paths.resetPassword, "Reset password"],
  [paths.mfa, "Two-factor authentication"],
  [paths.connect, "Connect an app"],
  [paths.activate, "Connect a device"],
]

/** "Operations · Nativ"; any other path is the not-found page. */
export function routeTitle(pathname: string): string {
  const found = TITLES.find(([pattern]) => matchPath(pattern, pathname))
  return `${found ? found[1] : "Page not found"} · Nativ`
}

/** Keeps the document's title on the current route's; renders nothing. */
export function RouteTitle() {
  const { pathname } = useLocation()
  React.useEffect(() => {
    document.title = routeTitle(pathname)
  }, [pathname])
  return null
}
