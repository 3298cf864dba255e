import { createContext, useContext } from "react"
import { z } from "zod"

/** What the server publishes at /config.json, so one build of the dashboard serves any deployment. */
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().min(1),
  apiUrl: z.url(),
  apiDocsUrl: z.url(),
  supportEmail: z.string().min(3),
  figmaPluginUrl: z.url(),
  photoshopPluginUrl: z.url(),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

export async function loadRuntimeConfig(url = "/config.json"): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: "application/json" } })
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  return runtimeConfigSchema.parse(await response.json())
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null)

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext)
  if (!config) throw new Error("useRuntimeConfig must be used inside the app provider")
  return config
}
