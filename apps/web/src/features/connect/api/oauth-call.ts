import type { z } from "zod"

import { ApiError, NO_TOKEN_MESSAGE } from "@/lib/api-client"
import { loadSupabase } from "@/lib/supabase"

type Envelope = { error?: { code?: unknown; message?: unknown } }

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as Envelope
  const { code, message } = body.error ?? {}
  return new ApiError(
    response.status,
    typeof code === "string" ? code : undefined,
    typeof message === "string" && message ? message : `HTTP error! status: ${response.status}`,
  )
}

/**
 * A call to the authorization server's pages for the dashboard (/oauth/interaction/…,
 * /oauth/device/…), which sit beside /api/v1 rather than under it: the signed-in person's access
 * token, as the product API client sends it, plus this origin's cookies — the one oidc-provider set
 * on /oauth/interaction/<uid> ties an answer to the browser that started the request. Failures are
 * the same ApiError the product API client throws, so a 401 ends the session as anywhere else.
 */
export async function oauthCall<T>(path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
  const client = await loadSupabase()
  const { data } = await client.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new ApiError(401, undefined, NO_TOKEN_MESSAGE)
  const response = await fetch(new URL(path, window.location.origin), {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => {
    throw new ApiError(0, "network_error", "Nativ could not be reached. Check your connection.")
  })
  if (!response.ok) throw await failure(response)
  return schema.parse(await response.json())
}
