import type { Context, MiddlewareHandler } from "hono"
import type { z } from "zod"

import { ApiError } from "../api/api-error"
import { type ApiEnv, authenticate } from "../api/authenticate"
import type { AppDeps } from "../deps"

/**
 * The dashboard's signed-in person (an access token from /auth/v1, two-factor passed when it is
 * on): approving an app is theirs to do, never an API key's or another app's.
 */
export function personSignedIn(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  const signedIn = authenticate(deps)
  return (c, next) =>
    signedIn(c, async () => {
      const { apiKeyId, oauth } = c.var.principal
      if (apiKeyId !== null || oauth !== null)
        throw new ApiError(
          403,
          "session_required",
          "Only a person signed in to the dashboard can approve or revoke an app's access.",
        )
      await next()
    })
}

/** The JSON body read with `schema`; a 400 naming the problem otherwise. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new ApiError(400, "invalid_request", "The request body must be valid JSON.")
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new ApiError(
      400,
      "invalid_request",
      parsed.error.issues[0]?.message ?? "Invalid request.",
    )
  return parsed.data
}
