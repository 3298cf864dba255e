import "./index.css"

import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "react-router/dom"

import { FullPageMessage } from "@/components/layout/full-page-message"
import { loadRuntimeConfig } from "@/config/runtime-config"
import { initApiClient } from "@/lib/api-client"
import { initSupabase } from "@/lib/supabase"

import { AppProvider } from "./provider"
import { createAppRouter } from "./router"

/** Start-up: read /config.json, create the one supabase-js client, then render. */
async function start(container: HTMLElement) {
  const root = createRoot(container)
  root.render(<FullPageMessage>Loading...</FullPageMessage>)
  try {
    const config = await loadRuntimeConfig()
    initSupabase(config)
    initApiClient(config)
    const router = createAppRouter()
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
