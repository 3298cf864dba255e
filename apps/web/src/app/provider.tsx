import { QueryClientProvider } from "@tanstack/react-query"
import * as React from "react"

import { ThemeProvider } from "@/components/theme/theme-provider"
import { Toaster } from "@/components/ui/sonner"
import { type RuntimeConfig, RuntimeConfigContext } from "@/config/runtime-config"
import { AuthProvider } from "@/lib/auth/auth-provider"

import { createQueryClient } from "./query-client"

/** Everything the screens share: configuration, theme, data cache, auth state and toasts. */
export function AppProvider({
  config,
  children,
}: {
  config: RuntimeConfig
  children: React.ReactNode
}) {
  const [queryClient] = React.useState(createQueryClient)
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>
  )
}
