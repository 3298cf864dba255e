import "./zod-jitless"
import "./index.css"
// First: it remembers the address before anything can change it.
import "@/lib/entry-url"

import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "react-router/dom"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { loadRuntimeConfig } from "@/config/runtime-config"
import { initApiClient } from "@/lib/api-url"
import { configureSupabase, prefetchSupabase } from "@/lib/supabase"

import { AppProvider } from "./provider"
import { createAppRouter } from "./router"

/**
 * Start-up: the router starts fetching the current screen's code while /config.json is read, then
 * the clients are configured and the app rendered. supabase-js itself is loaded on first need.
 */
async function start(container: HTMLElement) {
  const root = createRoot(container)
  root.render(<FullPageMessage>Loading...</FullPageMessage>)
  prefetchSupabase()
  const router = createAppRouter()
  try {
    const config = await loadRuntimeConfig()
    configureSupabase(config)
    initApiClient(config)
    root.render(
      <StrictMode>
        <AppProvider config={config}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    )
  } catch (error) {
    console.error(error)
    root.render(
      <FullPageMessage>
        The dashboard could not load its configuration. Please reload the page.
      </FullPageMessage>,
    )
  }
}

void start(document.getElementById("root") as HTMLElement)
