import { apiErrorSchema } from "@nativ/contracts"
import type { z } from "zod"

import { apiUrl } from "@/lib/api-url"
import { loadSupabase } from "@/lib/supabase"

/** A failed product API call: the HTTP status and the server's own code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = "ApiError"
  }
}

export const NO_TOKEN_MESSAGE = "No authentication token available"

async function accessToken(): Promise<string> {
  const client = await loadSupabase()
  const { data } = await client.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new ApiError(401, NO_TOKEN_MESSAGE)
  return token
}

/** The server's `{error: {code, message}}` envelope when it sent one, else the HTTP status. */
async function failure(response: Response): Promise<ApiError> {
  const fallback = `HTTP error! status: ${response.status}`
  try {
    const parsed = apiErrorSchema.safeParse(await response.json())
    if (parsed.success && parsed.data.error.message)
      return new ApiError(response.status, parsed.data.error.message, parsed.data.error.code)
  } catch {
    // Not JSON (e.g. a proxy's error page): the status is all we know.
  }
  return new ApiError(response.status, fallback)
}

async function request<T>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  schema: z.ZodType<T> | null,
  body?: unknown,
): Promise<T> {
  const url = apiUrl(path)
  const token = await accessToken()
  const response = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw await failure(response)
  if (!schema) return undefined as T
  return schema.parse(await response.json())
}

/**
 * The product API client: bearer access token from the current session, JSON in and out, every
 * response validated by its contract schema, every failure an ApiError with the server's message.
 */
export const api = {
  get: <T>(path: string, schema: z.ZodType<T>) => request("GET", path, schema),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    request("POST", path, schema, body),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    request("PATCH", path, schema, body),
  delete: (path: string) => request<void>("DELETE", path, null),
}
