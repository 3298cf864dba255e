import type { Context } from "hono"

import { type JwtClaims, JwtError } from "../auth/jwt"
import type { AppDeps } from "../deps"
import { RestError } from "./errors"

export type RequestAuth = { role: JwtClaims["role"]; claims: JwtClaims }

/** The hosted gateway's answers for a missing or unknown `apikey`: not PostgREST-shaped. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message)
  }
}

/**
 * Who is calling, as Supabase's gateway and PostgREST decide it: an `apikey` (header or query
 * parameter) must be one of our keys; the role and claims come from `Authorization: Bearer <jwt>`,
 * or from the apikey itself when there is no Authorization header. PostgREST checks only the
 * signature and expiry of the JWT, not that its session still exists.
 */
export async function authenticateRequest(deps: AppDeps, c: Context): Promise<RequestAuth> {
  const apikey = c.req.header("apikey") ?? c.req.query("apikey")
  if (!apikey)
    throw new GatewayError(
      "No API key found in request",
      "No `apikey` request header or url param was found.",
    )
  let apikeyClaims: JwtClaims
  try {
    apikeyClaims = await deps.jwt.verify(apikey, deps.clock())
  } catch {
    throw new GatewayError(
      "Invalid API key",
      "Double check your Supabase `anon` or `service_role` API key.",
    )
  }

  const header = c.req.header("authorization")
  if (header === undefined) return { role: apikeyClaims.role, claims: apikeyClaims }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match)
    throw new RestError(
      401,
      "PGRST301",
      "Authorization header must be 'Bearer <JWT>'",
      null,
      null,
      {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      },
    )
  try {
    const claims = await deps.jwt.verify(match[1]!, deps.clock())
    return { role: claims.role, claims }
  } catch (error) {
    if (error instanceof JwtError && error.reason === "expired")
      throw new RestError(401, "PGRST303", "JWT expired", null, null, {
        "WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"',
      })
    throw new RestError(
      401,
      "PGRST301",
      "JWT could not be decoded or its signature is invalid",
      error instanceof Error ? error.message : null,
      null,
      { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    )
  }
}
