import { createBrowserRouter, type RouteObject } from "react-router"

import { FullPageMessage } from "@/components/layout/full-page-message"

import { RouteError } from "./route-error"

/**
 * Every screen is its own chunk, loaded when its route is first visited: the sign-in route loads
 * neither the shell nor any page's code (charts included).
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageMessage>Loading...</FullPageMessage>,
    children: [
      { path: "/auth", lazy: () => import("./routes/auth") },
      { path: "/signup", lazy: () => import("./routes/signup") },
      { path: "/email-confirmed", lazy: () => import("./routes/email-confirmed") },
      { path: "/set-password", lazy: () => import("./routes/set-password") },
      {
        path: "/",
        lazy: () => import("./routes/app/layout"),
        children: [
          { index: true, lazy: () => import("./routes/app/dashboard") },
          { path: "operations", lazy: () => import("./routes/app/operations") },
          { path: "analytics", lazy: () => import("./routes/app/analytics") },
          { path: "playground", lazy: () => import("./routes/app/playground") },
          { path: "plugins", lazy: () => import("./routes/app/plugins") },
          { path: "credits", lazy: () => import("./routes/app/credits") },
          { path: "api-keys", lazy: () => import("./routes/app/api-keys") },
          { path: "settings", lazy: () => import("./routes/app/settings") },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
