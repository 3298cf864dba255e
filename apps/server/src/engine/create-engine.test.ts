import { describe, expect, it } from "vitest"

import { loadEnv } from "../env"
import { createEngine, EngineConfigError, engineConfigFromEnv } from "./index"

describe("createEngine", () => {
  it("builds the offline engine by default", () => {
    expect(createEngine().name).toBe("offline")
    expect(createEngine({ engine: "offline" }).name).toBe("offline")
  })

  it("builds the openai and anthropic engines from a complete configuration", () => {
    expect(createEngine({ engine: "openai", apiKey: "k", model: "gpt" }).name).toBe("openai")
    expect(
      createEngine({ engine: "openai", baseUrl: "http://127.0.0.1:11434/v1", model: "llama" }).name,
    ).toBe("openai")
    expect(createEngine({ engine: "anthropic", apiKey: "k", model: "claude" }).name).toBe(
      "anthropic",
    )
  })

  it.each([
    [{ engine: "openai" as const, apiKey: "k" }, "ENGINE_MODEL is required when ENGINE=openai"],
    [
      { engine: "openai" as const, model: "gpt" },
      "ENGINE_API_KEY is required when ENGINE=openai without ENGINE_BASE_URL",
    ],
    [
      { engine: "anthropic" as const, model: "claude" },
      "ENGINE_API_KEY is required when ENGINE=anthropic",
    ],
  ])("refuses an incomplete configuration %j", (config, message) => {
    expect(() => createEngine(config)).toThrow(new EngineConfigError(message))
  })

  it("takes the server's ENGINE_* settings as env.ts parses them", () => {
    const env = loadEnv({
      ENGINE: "openai",
      ENGINE_BASE_URL: "http://127.0.0.1:11434/v1",
      ENGINE_MODEL: "llama3",
      ENGINE_TIMEOUT_MS: "1500",
    })
    expect(engineConfigFromEnv(env)).toEqual({
      engine: "openai",
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
      model: "llama3",
      timeoutMs: 1500,
    })
    expect(createEngine(engineConfigFromEnv(env)).name).toBe("openai")
    expect(createEngine(engineConfigFromEnv(loadEnv({}))).name).toBe("offline")
  })
})
