import type { Context } from "hono"

import { AccessTokenError, verifyJwt } from "../identity/access-token"
import { readAuthorization } from "../identity/bearer"
import type { JwtClaims } from "../identity/jwt"
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
 * signature and expiry of the JWT, not that its session still exists, so a signed-out access
 * token works here until it expires (docs/identity.md says why and for how long).
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
    apikeyClaims = await verifyJwt(deps, apikey)
  } catch {
    throw new GatewayError(
      "Invalid API key",
      "Double check your Supabase `anon` or `service_role` API key.",
    )
  }

  const authorization = readAuthorization(c)
  if (authorization.kind === "none") return { role: apikeyClaims.role, claims: apikeyClaims }
  if (authorization.kind === "malformed")
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
    const claims = await verifyJwt(deps, authorization.token)
    return { role: claims.role, claims }
  } catch (error) {
    if (!(error instanceof AccessTokenError)) throw error
    if (error.reason === "expired")
      throw new RestError(401, "PGRST303", "JWT expired", null, null, {
        "WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"',
      })
    throw new RestError(
      401,
      "PGRST301",
      "JWT could not be decoded or its signature is invalid",
      error.message,
      null,
      { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    )
  }
}
