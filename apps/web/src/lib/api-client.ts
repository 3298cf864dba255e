import { createNativClient, NativApiError, type NativClient } from "@nativ/client"
import type { z } from "zod"

import { apiBaseUrl } from "@/lib/api-url"
import { NO_TOKEN_MESSAGE } from "@/lib/auth/session-end"
import { loadSupabase } from "@/lib/supabase"

/** A failed product API call: the HTTP status and the server's own code and message. */
export { NativApiError as ApiError }

export { NO_TOKEN_MESSAGE }

async function accessToken(): Promise<string> {
  const client = await loadSupabase()
  const { data } = await client.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new NativApiError(401, undefined, NO_TOKEN_MESSAGE)
  return token
}

let client: NativClient | null = null

/**
 * The dashboard's one product API client: @nativ/client (typed from the OpenAPI document, retries
 * on 429 and 5xx, idempotency keys on culturalize) with the session's access token.
 */
export function nativ(): NativClient {
  // One quick retry: a person waiting on a screen would rather see the error than a long wait.
  client ??= createNativClient({
    baseUrl: apiBaseUrl(),
    accessToken,
    retry: { maxRetries: 1, baseDelayMs: 300 },
  })
  return client
}

let anonymous: NativClient | null = null

/** The product API without a session: what an email link does for someone signed out. */
export function publicNativ(): NativClient {
  anonymous ??= createNativClient({ baseUrl: apiBaseUrl(), retry: { maxRetries: 1 } })
  return anonymous
}

type Method = "GET" | "POST" | "PATCH" | "DELETE"

async function request<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T> | null,
  body?: unknown,
) {
  const { data } = await nativ().request(
    method as never,
    path as never,
    (body === undefined ? {} : { body }) as never,
  )
  return schema ? schema.parse(data) : (undefined as T)
}

/**
 * Calls by path with the answer checked against its contract schema; every failure is an
 * ApiError with the server's message. Typed calls can use `nativ()` directly.
 */
export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request("GET", path, schema),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    request("POST", path, schema, body),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    request("PATCH", path, schema, body),
  delete: (path: string) => request<void>("DELETE", path, null),
}
