import { createBrowserRouter, Outlet, type RouteObject } from "react-router"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { paths } from "@/config/paths"

import { RouteError } from "./route-error"
import { RouteTitle } from "./route-title"

/** Every screen's frame: its title in the browser tab, then the screen. */
function Root() {
  return (
    <>
      <RouteTitle />
      <Outlet />
    </>
  )
}

/**
 * Every screen is its own chunk, loaded when its route is first visited: the sign-in route loads
 * neither the shell nor any page's code (charts included). Paths come from config/paths.ts; the
 * shell's pages are written absolute (they sit under "/"), as links name them.
 */
export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageMessage>Loading...</FullPageMessage>,
    children: [
      { path: paths.auth, lazy: () => import("./routes/auth") },
      { path: paths.signup, lazy: () => import("./routes/signup") },
      { path: paths.emailConfirmed, lazy: () => import("./routes/email-confirmed") },
      { path: paths.setPassword, lazy: () => import("./routes/set-password") },
      { path: paths.declineInvitation, lazy: () => import("./routes/decline-invitation") },
      { path: paths.forgotPassword, lazy: () => import("./routes/forgot-password") },
      { path: paths.resetPassword, lazy: () => import("./routes/reset-password") },
      { path: paths.mfa, lazy: () => import("./routes/mfa") },
      { path: paths.connect, lazy: () => import("./routes/connect") },
      { path: paths.activate, lazy: () => import("./routes/activate") },
      {
        path: paths.home,
        lazy: () => import("./routes/app/layout"),
        children: [
          { index: true, lazy: () => import("./routes/app/dashboard") },
          { path: paths.operations, lazy: () => import("./routes/app/operations") },
          { path: paths.analytics, lazy: () => import("./routes/app/analytics") },
          { path: paths.playground, lazy: () => import("./routes/app/playground") },
          { path: paths.glossaries, lazy: () => import("./routes/app/glossaries") },
          {
            path: paths.translationMemory,
            lazy: () => import("./routes/app/translation-memory"),
          },
          { path: paths.plugins, lazy: () => import("./routes/app/plugins") },
          { path: paths.credits, lazy: () => import("./routes/app/credits") },
          { path: paths.receipt, lazy: () => import("./routes/app/receipt") },
          { path: paths.apiKeys, lazy: () => import("./routes/app/api-keys") },
          { path: paths.settings, lazy: () => import("./routes/app/settings") },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
