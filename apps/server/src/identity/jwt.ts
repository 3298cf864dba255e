import { createHmac } from "node:crypto"

import { errors, jwtVerify, SignJWT } from "jose"

export type JwtRole = "anon" | "authenticated" | "service_role"

/** The claims Supabase Auth puts in its tokens; API keys (anon, service_role) carry only role. */
export type JwtClaims = {
  iss?: string
  sub?: string
  aud?: string | string[]
  exp?: number
  iat?: number
  role: JwtRole
  email?: string
  phone?: string
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
  aal?: string
  amr?: { method: string; timestamp: number }[]
  session_id?: string
  is_anonymous?: boolean
  [claim: string]: unknown
}

export class JwtError extends Error {
  constructor(
    readonly reason: "expired" | "invalid",
    message: string,
  ) {
    super(message)
  }
}

export type Jwt = ReturnType<typeof createJwt>

/** jose's rules with no clock tolerance: valid while now < exp, and from nbf on. */
function isCurrent(claims: JwtClaims, now: Date) {
  const t = Math.floor(now.getTime() / 1000)
  const nbf = claims.nbf
  return (claims.exp === undefined || t < claims.exp) && (typeof nbf !== "number" || nbf <= t)
}

/**
 * HS256 tokens signed with the project's secret, as Supabase issues them. The anon and
 * service-role keys are long-lived tokens of those roles. Only HS256 is accepted, so a token
 * with `alg: none` or another algorithm is refused.
 */
export function createJwt(secret: string, issuer: string) {
  const key = new TextEncoder().encode(secret)
  const tenYears = 10 * 365 * 24 * 3600

  async function sign(claims: JwtClaims, expiresInSeconds: number, now = new Date()) {
    const iat = Math.floor(now.getTime() / 1000)
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(iat + expiresInSeconds)
      .sign(key)
  }

  // Tokens already verified, kept until they expire: every /rest/v1 request carries the same apikey
  // and mostly the same access token, and an HMAC check through WebCrypto was ~23 % of a REST
  // request's CPU (npm run bench, scenario 2). Only an identical string hits; expiry is re-checked.
  const verified = new Map<string, JwtClaims>()
  const MAX_VERIFIED = 1000

  async function verify(token: string, now = new Date()): Promise<JwtClaims> {
    const known = verified.get(token)
    if (known && isCurrent(known, now)) return { ...known }
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        currentDate: now,
      })
      const role = payload.role
      if (role !== "anon" && role !== "authenticated" && role !== "service_role") {
        throw new JwtError("invalid", "invalid JWT: unknown role")
      }
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!)
      verified.set(token, { ...(payload as JwtClaims) })
      return payload as JwtClaims
    } catch (error) {
      if (error instanceof JwtError) throw error
      if (error instanceof errors.JWTExpired)
        throw new JwtError(
          "expired",
          "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
        )
      throw new JwtError(
        "invalid",
        "invalid JWT: unable to parse or verify signature, signature is invalid",
      )
    }
  }

  return {
    issuer,
    sign,
    verify,
    /** A key for another purpose (e.g. refresh tokens), derived from the secret so it never leaves it. */
    deriveKey: (purpose: string) => createHmac("sha256", key).update(`nativ:${purpose}`).digest(),
    anonKey: () =>
      sign({ iss: "supabase", role: "anon" }, tenYears, new Date(Date.UTC(2026, 0, 1))),
    serviceRoleKey: () =>
      sign({ iss: "supabase", role: "service_role" }, tenYears, new Date(Date.UTC(2026, 0, 1))),
  }
}
