import type { ClientMetadata } from "oidc-provider"

import type { AppDeps } from "../deps"

/* Connect's constants, apart from oidc-provider so that the API's authentication does not load it. */

export type OAuthDeps = Pick<AppDeps, "database" | "env" | "logger" | "jwt">

/** The scopes an access token can carry for /api/v1 and /mcp (offline_access is the grant's). */
export const API_SCOPES = ["translate", "read", "manage"] as const

/** What an app that asks for nothing gets asked for: culturalizing and reading. */
export const DEFAULT_SCOPE = "translate read offline_access"

/** The protected resources (RFC 8707 resource indicators), as paths under the issuer. */
export const RESOURCE_PATHS = ["/api/v1", "/mcp"] as const

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"

/**
 * Nativ's own apps, known without registering: they sign in with the device flow (a code shown in
 * the plugin or terminal, approved on /activate) and are public clients (no secret to leak).
 */
export const FIRST_PARTY_CLIENTS: ClientMetadata[] = [
  { client_id: "nativ-cli", client_name: "Nativ CLI" },
  { client_id: "nativ-figma", client_name: "Nativ for Figma" },
  { client_id: "nativ-photoshop", client_name: "Nativ for Photoshop" },
].map((client) => ({
  ...client,
  token_endpoint_auth_method: "none",
  grant_types: [DEVICE_CODE_GRANT, "refresh_token"],
  response_types: [],
  redirect_uris: [],
}))

export const OAUTH_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  device_authorization: "/oauth/device/code",
  // The dashboard's page, where a person types the code; oidc-provider only names it.
  code_verification: "/activate",
  jwks: "/oauth/jwks",
  introspection: "/oauth/introspect",
  end_session: "/oauth/logout",
  userinfo: "/oauth/userinfo",
  pushed_authorization_request: "/oauth/par",
  backchannel_authentication: "/oauth/backchannel",
  challenge: "/oauth/challenge",
  credential: "/oauth/credential",
} as const
