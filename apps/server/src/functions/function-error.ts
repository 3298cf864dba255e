import type { Context } from "hono"

import { JwtError } from "../auth/jwt"
import type { AppDeps } from "../deps"

/** A /functions/v1 failure: answered as `{error: message}` with a non-2xx status. */
export class FunctionError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 502 | 503,
    message: string,
  ) {
    super(message)
  }
}

export type Caller = { userId: string; email: string | null }

/**
 * The signed-in caller, from `Authorization: Bearer <access token>` (what functions-js sends
 * after sign-in). The anon key is refused: payments belong to an account.
 */
export async function authenticateCaller(deps: AppDeps, c: Context): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")
  if (!match) throw new FunctionError(401, "Missing authorization header")
  try {
    const claims = await deps.jwt.verify(match[1]!, deps.clock())
    if (claims.role !== "authenticated" || typeof claims.sub !== "string")
      throw new FunctionError(401, "Sign in to buy credits")
    return { userId: claims.sub, email: typeof claims.email === "string" ? claims.email : null }
  } catch (error) {
    if (error instanceof FunctionError) throw error
    if (error instanceof JwtError && error.reason === "expired")
      throw new FunctionError(401, "Your session has expired. Please sign in again.")
    throw new FunctionError(401, "Invalid JWT")
  }
}

/** Parses the request body with a zod-like schema; the first issue becomes a 400 message. */
export async function readInput<T>(
  c: Context,
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }
  },
): Promise<T> {
  const text = await c.req.text()
  if (text.length > 10_000) throw new FunctionError(413, "Request body is too large")
  let body: unknown
  try {
    body = text.trim() === "" ? {} : JSON.parse(text)
  } catch {
    throw new FunctionError(400, "Request body must be valid JSON")
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new FunctionError(400, parsed.error.issues[0]?.message ?? "Invalid request body")
  return parsed.data
}
