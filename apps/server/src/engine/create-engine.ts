import { EngineConfigError } from "./errors"
import { createModelEngine } from "./model-engine"
import { createOfflineEngine } from "./offline/offline-engine"
import { createAnthropicProvider } from "./providers/anthropic"
import { createOpenAiProvider } from "./providers/openai"
import type { CulturalizeEngine, EngineName } from "./types"

export type EngineConfig = {
  /** Which engine culturalizes; `offline` needs nothing else. */
  engine?: EngineName
  /** OpenAI-compatible base URL (openai), or another Anthropic host (anthropic, e.g. in tests). */
  baseUrl?: string
  apiKey?: string
  model?: string
  /** Budget for one culturalize call, retries included. */
  timeoutMs?: number
  /** Retries after 429, 5xx or connection failures (default 2). */
  maxRetries?: number
  /** First backoff delay in ms (default 500), doubling per retry unless the provider says. */
  retryBaseMs?: number
}

/** The server's ENGINE_* settings, as env.ts parses them. */
export type EngineEnv = {
  ENGINE: EngineName
  ENGINE_BASE_URL?: string | undefined
  ENGINE_API_KEY?: string | undefined
  ENGINE_MODEL?: string | undefined
  ENGINE_TIMEOUT_MS: number
}

export function engineConfigFromEnv(env: EngineEnv): EngineConfig {
  return {
    engine: env.ENGINE,
    baseUrl: env.ENGINE_BASE_URL,
    apiKey: env.ENGINE_API_KEY,
    model: env.ENGINE_MODEL,
    timeoutMs: env.ENGINE_TIMEOUT_MS,
  }
}

/** Builds the configured engine; throws EngineConfigError naming what is missing. */
export function createEngine(config: EngineConfig = {}): CulturalizeEngine {
  const engine = config.engine ?? "offline"
  if (engine === "offline") return createOfflineEngine()

  if (!config.model) throw new EngineConfigError(`ENGINE_MODEL is required when ENGINE=${engine}`)
  const options = {
    timeoutMs: config.timeoutMs ?? 60_000,
    maxRetries: config.maxRetries ?? 2,
    retryBaseMs: config.retryBaseMs ?? 500,
  }
  if (engine === "openai") {
    if (!config.apiKey && !config.baseUrl)
      throw new EngineConfigError(
        "ENGINE_API_KEY is required when ENGINE=openai without ENGINE_BASE_URL",
      )
    return createModelEngine(
      createOpenAiProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model }),
      options,
    )
  }
  if (engine === "anthropic") {
    if (!config.apiKey)
      throw new EngineConfigError("ENGINE_API_KEY is required when ENGINE=anthropic")
    return createModelEngine(
      createAnthropicProvider({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
      }),
      options,
    )
  }
  throw new EngineConfigError(
    `Unknown ENGINE "${String(engine)}": use offline, openai or anthropic`,
  )
}
