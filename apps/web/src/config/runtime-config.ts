import { createContext, useContext } from "react"

/** What the server publishes at /config.json, so one build of the dashboard serves any deployment. */
export type RuntimeConfig = {
  supabaseUrl: string
  supabaseAnonKey: string
  apiUrl: string
  apiDocsUrl: string
  supportEmail: string
  figmaPluginUrl: string
  photoshopPluginUrl: string
}

function isUrl(value: string) {
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/**
 * Checks /config.json by hand: it is read before the first screen, and a schema library here
 * would be start-up JavaScript on every page. Unknown fields are dropped.
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const value = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>
  const text = (key: keyof RuntimeConfig, minLength: number) => {
    const field = value[key]
    if (typeof field !== "string" || field.length < minLength)
      throw new Error(`/config.json: ${key} is missing or too short`)
    return field
  }
  const url = (key: keyof RuntimeConfig) => {
    const field = text(key, 1)
    if (!isUrl(field)) throw new Error(`/config.json: ${key} is not a URL`)
    return field
  }
  return {
    supabaseUrl: url("supabaseUrl"),
    supabaseAnonKey: text("supabaseAnonKey", 1),
    apiUrl: url("apiUrl"),
    apiDocsUrl: url("apiDocsUrl"),
    supportEmail: text("supportEmail", 3),
    figmaPluginUrl: url("figmaPluginUrl"),
    photoshopPluginUrl: url("photoshopPluginUrl"),
  }
}

export async function loadRuntimeConfig(url = "/config.json"): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: "application/json" } })
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`)
  return parseRuntimeConfig(await response.json())
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null)

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext)
  if (!config) throw new Error("useRuntimeConfig must be used inside the app provider")
  return config
}
