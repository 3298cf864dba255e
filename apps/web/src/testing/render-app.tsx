import { QueryClientProvider } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type * as React from "react"
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router"

import { createQueryClient } from "@/app/query-client"
import { ThemeProvider } from "@/components/theme/theme-provider"
import { Toaster } from "@/components/ui/sonner"
import { type RuntimeConfig, RuntimeConfigContext } from "@/config/runtime-config"
import { AuthContext, type AuthState } from "@/lib/auth/auth-provider"

import { setStubSignedInUser } from "./api-stub"
import { buildAuthState, testConfig } from "./factories"

type Options = {
  path?: string
  auth?: AuthState
  routes?: RouteObject[]
  /** What /config.json says, over the test configuration. */
  config?: Partial<RuntimeConfig>
}

/**
 * Renders `ui` at `path` inside the app's providers, with a given auth state instead of a live
 * session. Other paths render their own path name, so a redirect can be asserted by text.
 */
export function renderApp(
  ui: React.ReactNode,
  { path = "/", auth, routes = [], config }: Options = {},
) {
  const queryClient = createQueryClient()
  const authState = auth ?? buildAuthState()
  setStubSignedInUser(authState.user?.id ?? null)
  const router = createMemoryRouter(
    [
      { path: new URL(path, "http://test").pathname, element: ui },
      ...routes,
      { path: "*", Component: CurrentPath },
    ],
    { initialEntries: [path] },
  )
  const result = render(
    <RuntimeConfigContext.Provider value={{ ...testConfig, ...config }}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthContext.Provider value={authState}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
  )
  return { ...result, router, queryClient }
}

function CurrentPath() {
  const location = useLocation()
  return <p>{`at ${location.pathname}${location.search}`}</p>
}
