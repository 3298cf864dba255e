import Provider, { errors, type Configuration, type JWK } from "oidc-provider"

import { oauthAdapter } from "./adapter"
import { escapeHtml } from "./escape-html"
import { findAccount } from "./accounts"
import {
  API_SCOPES,
  FIRST_PARTY_CLIENTS,
  OAUTH_ROUTES,
  RESOURCE_PATHS,
  type OAuthDeps,
} from "./constants"

/**
 * The OAuth 2.1 authorization server for one issuer (this server's origin). What oidc-provider is
 * told: authorization code with PKCE (S256) and the device grant only, refresh tokens rotated on
 * every use (a reused one revokes its whole grant), revocation, dynamic registration, resource
 * indicators for /api/v1 and /mcp with opaque access tokens, storage in the database. A person's
 * consent always happens on the dashboard (/connect, /activate), never from a remembered session.
 */
const FIRST_PARTY_IDS = new Set(FIRST_PARTY_CLIENTS.map((client) => client.client_id))

export function createOAuthProvider(deps: OAuthDeps, issuer: string, keys: JWK[]): Provider {
  const { env } = deps
  const resources = new Set(RESOURCE_PATHS.map((path) => `${issuer}${path}`))
  const configuration: Configuration = {
    adapter: oauthAdapter(deps.database.db),
    clients: FIRST_PARTY_CLIENTS,
    jwks: { keys },
    findAccount: (_ctx, id) => findAccount(deps.database.db, id),
    scopes: ["openid", "offline_access"],
    claims: { openid: ["sub"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
    // Nativ's design-tool plugins sign in from the host's UI frame: Figma's has an opaque origin
    // ("null"). A first-party device client is public (no secret to guard), so any origin may
    // call for it; other public clients, from their redirect URIs' origins (oidc-provider's rule).
    clientBasedCORS: (_ctx, origin, client) =>
      FIRST_PARTY_IDS.has(client.clientId) ||
      (origin !== "null" &&
        client.clientAuthMethod === "none" &&
        (client.redirectUris ?? []).some(
          (uri) => URL.canParse(uri) && new URL(uri).origin === origin,
        )),
    features: {
      devInteractions: { enabled: false },
      deviceFlow: { enabled: true, charset: "base-20", mask: "****-****" },
      revocation: { enabled: true },
      registration: { enabled: true },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // An app that names no resource (the CLI, a plugin) gets the API; /mcp is the same server.
        defaultResource: () => `${issuer}/api/v1`,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!resources.has(resource))
            throw new errors.InvalidTarget(`unknown resource: use ${[...resources].join(" or ")}`)
          return {
            scope: API_SCOPES.join(" "),
            audience: resource,
            accessTokenFormat: "opaque",
            accessTokenTTL: env.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
          }
        },
      },
    },
    routes: OAUTH_ROUTES,
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    // Consent is asked on every authorization: a browser's earlier approval is not reused, so
    // whoever is signed in to the dashboard now is the one who approves.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed("refresh_token") && code.scopes.has("offline_access"),
    ttl: {
      AccessToken: env.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      DeviceCode: env.OAUTH_DEVICE_CODE_TTL_SECONDS,
      Grant: 365 * 24 * 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 30 * 24 * 60 * 60,
      Session: 10 * 60,
    },
    cookies: {
      keys: [deps.jwt.deriveKey("oauth-cookies").toString("base64url")],
      short: { sameSite: "lax", secure: issuer.startsWith("https:") },
      long: { sameSite: "lax", secure: issuer.startsWith("https:") },
    },
    renderError: (ctx, out) => {
      ctx.type = "html"
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nativ: the app could not connect</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>The app could not connect to Nativ</h1><p>${escapeHtml(out.error_description ?? out.error)}</p><p>Go back to the app and start again.</p></main></body></html>`
    },
  }
  const provider = new Provider(issuer, configuration)
  // The origin given to the provider is already the one the browser reached (requestOrigin,
  // which honours TRUST_PROXY); see providers.ts.
  provider.proxy = true
  provider.on("server_error", (_ctx, error) => deps.logger.error({ err: error }, "oauth error"))
  return provider
}
