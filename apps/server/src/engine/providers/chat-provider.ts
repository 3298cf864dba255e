import type { ChatRequest } from "../prompt"

/** One call to a chat model: the system prompt and messages in, the answer's text out. */
export type ChatProvider = {
  name: "openai" | "anthropic"
  /**
   * Sends one request, without retrying. Throws EngineProviderError (with `retryable` set for rate
   * limits and server errors), EngineTimeoutError, or the SDK's abort error when `signal` fires.
   */
  complete(
    request: ChatRequest,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<string>
}
