import { createRequire } from "node:module"

import type Anthropic from "@anthropic-ai/sdk"

import { EngineProviderError } from "../errors"
import type { ChatProvider } from "./chat-provider"
import { fromSdkError } from "./sdk-errors"

export type AnthropicProviderConfig = {
  /** Defaults to Anthropic's API; tests point it at a local server. */
  baseUrl?: string
  apiKey: string
  model: string
  /** The answer's token budget; ~0.75 tokens per character of input covers most languages. */
  maxTokens?: number
}

/** Anthropic's messages API through the official `@anthropic-ai/sdk`, without SDK retries. */
export function createAnthropicProvider(config: AnthropicProviderConfig): ChatProvider {
  // Loaded when this provider is created, not at start-up: importing the SDK costs ~250 ms of
  // CPU, a large share of the server's start (npm run bench, scenario 6), and most deployments
  // never use it.
  const sdk = createRequire(import.meta.url)("@anthropic-ai/sdk") as {
    Anthropic: typeof Anthropic
  }
  const client = new sdk.Anthropic({
    baseURL: config.baseUrl ?? "https://api.anthropic.com",
    apiKey: config.apiKey,
    maxRetries: 0,
  })
  return {
    name: "anthropic",
    async complete(request, { signal, timeoutMs }) {
      const characters = request.messages.reduce((sum, m) => sum + m.content.length, 0)
      try {
        const message = await client.messages.create(
          {
            model: config.model,
            max_tokens:
              config.maxTokens ?? Math.min(8192, Math.max(1024, Math.ceil(characters * 0.75))),
            system: request.system,
            messages: request.messages,
          },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        )
        if (message.stop_reason === "max_tokens")
          throw new EngineProviderError(
            "The translation provider's answer was cut off; the text may be too long for the configured model.",
          )
        if (message.stop_reason === "refusal")
          throw new EngineProviderError("The translation provider refused to process this text.")
        return message.content.map((block) => (block.type === "text" ? block.text : "")).join("")
      } catch (error) {
        throw fromSdkError(error, sdk.Anthropic)
      }
    },
  }
}
