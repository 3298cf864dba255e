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
  /** The engine that culturalizes here; null when the server does not say. */
  engine: RuntimeEngine | null
  /** The price: credits per started 100 characters. */
  creditsPer100Chars: number
  /** Credits a company founded by sign-up is granted once. */
  signupCredits: number
}

/** `offline` keeps the words and adapts numbers, dates, units and quotes; the others translate. */
export type RuntimeEngine = { kind: "offline" | "openai" | "anthropic"; model: string | null }

const ENGINE_KINDS = ["offline", "openai", "anthropic"] as const

/** The engine as the server describes it, or null for an older server or an unknown kind. */
function readEngine(json: unknown): RuntimeEngine | null {
  if (typeof json !== "object" || json === null) return null
  const { kind, model } = json as Record<string, unknown>
  const known = ENGINE_KINDS.find((k) => k === kind)
  if (!known) return null
  return { kind: known, model: typeof model === "string" && model ? model : null }
}

function wholeNumber(value: unknown, fallback: number, min: number) {
  return typeof value === "number" && Number.isInteger(value) && value >= min ? value : fallback
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
    engine: readEngine(value.engine),
    creditsPer100Chars: wholeNumber(value.creditsPer100Chars, 1, 1),
    signupCredits: wholeNumber(value.signupCredits, 0, 0),
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
