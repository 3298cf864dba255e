import type { EngineName } from "@nativ/contracts"

import type { AppDeps } from "../deps"

/**
 * Which engine culturalizes here, so that people know before they pay: `offline` keeps the words
 * and adapts only numbers, dates, units and quotes; the others translate with the named model.
 * Only the kind and the model's name: never its address or key.
 */
export type PublicEngine = { kind: EngineName; model: string | null }

export function publicEngine({ env, engine }: Pick<AppDeps, "env" | "engine">): PublicEngine {
  if (engine.name === "offline") return { kind: "offline", model: null }
  return { kind: engine.name, model: env.ENGINE_MODEL ?? null }
}

/**
 * The dashboard's runtime configuration: one build of the dashboard serves any deployment. Without
 * a configured PUBLIC_URL the dashboard calls the origin it was loaded from (`origin`), so a server
 * opened at 127.0.0.1, a LAN address or through a proxy works as it does at localhost. It also says
 * what a run costs (the Playground's estimate) and which engine runs it.
 */
export function publicConfig(deps: AppDeps, origin: string | null = null) {
  const { env, keys } = deps
  const serverUrl = env.publicUrlConfigured || !origin ? env.PUBLIC_URL : origin
  const apiUrl = env.apiUrlConfigured ? env.API_URL : `${serverUrl}/api/v1`
  return {
    supabaseUrl: serverUrl,
    supabaseAnonKey: keys.anon,
    apiUrl,
    apiDocsUrl: `${apiUrl}/docs`,
    supportEmail: env.SUPPORT_EMAIL,
    figmaPluginUrl: env.FIGMA_PLUGIN_URL,
    photoshopPluginUrl: env.PHOTOSHOP_PLUGIN_URL,
    engine: publicEngine(deps),
    creditsPer100Chars: env.CREDITS_PER_100_CHARS,
    signupCredits: env.SIGNUP_CREDITS,
  }
}
