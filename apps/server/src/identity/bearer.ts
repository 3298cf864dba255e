import type { Context } from "hono"

/** What the Authorization header holds: nothing, a bearer token, or something else. */
export type Authorization =
  { kind: "none" } | { kind: "malformed" } | { kind: "bearer"; token: string }

/**
 * The one reader of `Authorization: Bearer <token>` for every protocol. The scheme is matched
 * case-insensitively, as RFC 7235 says; any other form is `malformed`, which each protocol answers
 * in its own words (REST must tell it apart from an absent header: then the apikey speaks).
 */
export function readAuthorization(c: Context): Authorization {
  const header = c.req.header("authorization")
  if (header === undefined) return { kind: "none" }
  const match = /^bearer\s+(\S+)\s*$/i.exec(header)
  return match ? { kind: "bearer", token: match[1]! } : { kind: "malformed" }
}

/** The bearer token, or undefined when there is none (or the header is not a bearer one). */
export function bearerToken(c: Context): string | undefined {
  const auth = readAuthorization(c)
  return auth.kind === "bearer" ? auth.token : undefined
}
