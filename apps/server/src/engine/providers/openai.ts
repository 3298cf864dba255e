import { createRequire } from "node:module"

import type OpenAI from "openai"

import { EngineProviderError } from "../errors"
import type { ChatProvider } from "./chat-provider"
import { fromSdkError } from "./sdk-errors"

export type OpenAiProviderConfig = {
  /** Any OpenAI-compatible base URL (OpenAI, Azure, Ollama, vLLM, LM Studio, OpenRouter …). */
  baseUrl?: string
  apiKey?: string
  model: string
}

/** Chat completions through the official `openai` SDK. Retries are the engine's job, not the SDK's. */
export function createOpenAiProvider(config: OpenAiProviderConfig): ChatProvider {
  // Loaded when this provider is created, not at start-up: importing the SDK costs ~120 ms of
  // CPU, a large share of the server's start (npm run bench, scenario 6), and most deployments
  // never use it.
  const sdk = createRequire(import.meta.url)("openai") as { OpenAI: typeof OpenAI }
  const client = new sdk.OpenAI({
    baseURL: config.baseUrl ?? "https://api.openai.com/v1",
    // local servers (Ollama, LM Studio) need no key, but the SDK insists on one
    apiKey: config.apiKey ?? "no-key",
    organization: null,
    project: null,
    maxRetries: 0,
  })
  return {
    name: "openai",
    async complete(request, { signal, timeoutMs }) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            messages: [{ role: "system", content: request.system }, ...request.messages],
          },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        )
        const choice = completion.choices?.[0]
        if (choice?.finish_reason === "length")
          throw new EngineProviderError(
            "The translation provider's answer was cut off; the text may be too long for the configured model.",
          )
        if (choice?.finish_reason === "content_filter")
          throw new EngineProviderError("The translation provider refused to process this text.")
        return choice?.message?.content ?? ""
      } catch (error) {
        throw fromSdkError(error, sdk.OpenAI)
      }
    },
  }
}
