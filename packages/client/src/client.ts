import createClient, { type Client } from "openapi-fetch"

import type { paths } from "./api-types"
import { errorFromResponse } from "./errors"
import { DEFAULT_RETRY, type RetryOptions, retryingFetch } from "./retrying-fetch"

type Culturalize = paths["/text/culturalize"]["post"]
export type CulturalizeInput = Culturalize["requestBody"]["content"]["application/json"]
export type CulturalizeResult = Culturalize["responses"][200]["content"]["application/json"]

export type NativClientOptions = {
  /** The product API's base URL, e.g. `https://nativ.example/api/v1`. */
  baseUrl: string
  /** An API key (`nativ_…`); or, for a signed-in user, `accessToken`. */
  apiKey?: string
  /** Called before each request: a signed-in user's current access token. */
  accessToken?: () => string | Promise<string>
  /** Defaults to the global fetch, looked up on each call. */
  fetch?: typeof fetch
  retry?: Partial<RetryOptions>
}

export type NativClient = Client<paths> & {
  /**
   * POST /text/culturalize with an Idempotency-Key (a new one unless given), so a retry after a
   * lost answer is never charged twice.
   */
  culturalize(
    input: CulturalizeInput,
    options?: { idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<CulturalizeResult>
}

/**
 * The typed client for /api/v1: every path, body and response typed from the OpenAPI document
 * (`./api-types.ts`); bearer authentication by API key or access token; retries on 429 and 5xx
 * honouring Retry-After; failures thrown as NativApiError with the API's code and message.
 */
export function createNativClient(options: NativClientOptions): NativClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: retryingFetch(() => options.fetch ?? globalThis.fetch, {
      ...DEFAULT_RETRY,
      ...options.retry,
    }),
  })
  client.use({
    async onRequest({ request }) {
      const token = options.apiKey ?? (await options.accessToken?.())
      if (token) request.headers.set("Authorization", `Bearer ${token}`)
      return request
    },
    async onResponse({ response }) {
      if (!response.ok) throw await errorFromResponse(response)
    },
  })
  return Object.assign(client, {
    async culturalize(
      input: CulturalizeInput,
      {
        idempotencyKey = crypto.randomUUID(),
        signal,
      }: { idempotencyKey?: string; signal?: AbortSignal } = {},
    ) {
      const { data } = await client.POST("/text/culturalize", {
        body: input,
        params: { header: { "idempotency-key": idempotencyKey } },
        ...(signal ? { signal } : {}),
      })
      return data as CulturalizeResult
    },
  })
}
