import * as z from "zod/mini"

import {
  type DeviceAuthorization,
  type OAuthEndpoints,
  pollDeviceToken,
  postForm,
  requestDeviceCode,
  type TokenResponse,
  tokenResponseSchema,
} from "./device-login"
import { ConnectionRevokedError, PluginError } from "./errors"
import type { TokenStorage } from "./storage"

/** What the plugin asks for: culturalize and read (languages, glossaries, balance), kept signed in. */
export const PLUGIN_SCOPE = "translate read offline_access"

const STORAGE_KEY = "nativ.credentials"
/** Refresh this long before the access token's end, so a batch never starts on a dying token. */
const REFRESH_MARGIN_MS = 60_000

const credentialsSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("oauth"),
    serverUrl: z.string(),
    refreshToken: z.optional(z.string()),
    accessToken: z.string(),
    expiresAt: z.nullable(z.number()),
  }),
  z.object({ kind: z.literal("api_key"), serverUrl: z.string(), apiKey: z.string() }),
])
export type Credentials = z.infer<typeof credentialsSchema>

export type SessionOptions = {
  /** The Nativ server's origin, e.g. `https://nativ.example` (no trailing slash needed). */
  serverUrl: string
  /** The first-party OAuth client: `nativ-figma` or `nativ-photoshop`. */
  clientId: string
  storage: TokenStorage
  fetch?: typeof fetch
  now?: () => number
}

/** A code to show the person, and the wait for their approval. */
export type DeviceLogin = {
  userCode: string
  verificationUri: string
  /** The approval page with the code filled in: open it for the person. */
  verificationUriComplete: string
  expiresIn: number
  /** Resolves once approved (the session is then connected); rejects on deny, expiry or cancel. */
  approved: Promise<void>
  cancel(): void
}

/**
 * A plugin's connection to one Nativ server: signed in through the device flow (the refresh token
 * kept in the host's storage, access tokens renewed before they end, once at a time since the
 * server rotates refresh tokens) or, as a fallback, with an API key. Sign-out revokes the tokens.
 */
export class NativSession {
  readonly serverUrl: string
  private credentials: Credentials | null = null
  private refreshing: Promise<string> | null = null
  private readonly endpoints: OAuthEndpoints
  private readonly now: () => number

  constructor(private readonly options: SessionOptions) {
    this.serverUrl = options.serverUrl.replace(/\/+$/, "")
    this.now = options.now ?? Date.now
    this.endpoints = {
      serverUrl: this.serverUrl,
      clientId: options.clientId,
      fetch: (...args) => (options.fetch ?? globalThis.fetch)(...args),
    }
  }

  get connected() {
    return this.credentials !== null
  }

  get method() {
    return this.credentials?.kind ?? null
  }

  /** Reads the stored connection for this server; true when there is one. */
  async restore(): Promise<boolean> {
    const stored = await this.options.storage.get(STORAGE_KEY)
    if (!stored) return false
    let parsed: ReturnType<typeof credentialsSchema.safeParse>
    try {
      parsed = credentialsSchema.safeParse(JSON.parse(stored))
    } catch {
      parsed = credentialsSchema.safeParse(null)
    }
    if (!parsed.success || parsed.data.serverUrl !== this.serverUrl) return false
    this.credentials = parsed.data
    return true
  }

  /** Starts the device flow: show `userCode`, open `verificationUriComplete`, await `approved`. */
  async connect(scope = PLUGIN_SCOPE): Promise<DeviceLogin> {
    const device: DeviceAuthorization = await requestDeviceCode(this.endpoints, scope)
    const controller = new AbortController()
    const approved = pollDeviceToken(this.endpoints, device, { signal: controller.signal }).then(
      (tokens) => this.keep(tokens),
    )
    return {
      userCode: device.user_code,
      verificationUri: device.verification_uri,
      verificationUriComplete:
        device.verification_uri_complete ??
        `${device.verification_uri}?user_code=${encodeURIComponent(device.user_code)}`,
      expiresIn: device.expires_in,
      approved,
      cancel: () => controller.abort(),
    }
  }

  /** The fallback: an API key from the dashboard's API Keys page. */
  async useApiKey(apiKey: string) {
    const key = apiKey.trim()
    if (!key)
      throw new PluginError("request", "Paste an API key from the dashboard's API Keys page.")
    await this.save({ kind: "api_key", serverUrl: this.serverUrl, apiKey: key })
  }

  /** The bearer credential for the next request, renewed first when it is about to end. */
  async token(): Promise<string> {
    const credentials = this.credentials
    if (!credentials) throw new ConnectionRevokedError("Connect to Nativ to continue.")
    if (credentials.kind === "api_key") return credentials.apiKey
    const expiring =
      credentials.expiresAt !== null && credentials.expiresAt - REFRESH_MARGIN_MS <= this.now()
    return expiring ? this.refresh() : credentials.accessToken
  }

  /**
   * Renews the access token with the refresh token (one renewal at a time). A refused refresh
   * means the connection was revoked: the stored connection is forgotten.
   */
  async refresh(): Promise<string> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async doRefresh() {
    const credentials = this.credentials
    if (credentials?.kind !== "oauth" || !credentials.refreshToken) {
      await this.forget()
      throw new ConnectionRevokedError()
    }
    const { status, body } = await postForm(this.endpoints, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: credentials.refreshToken,
    })
    const tokens = tokenResponseSchema.safeParse(body)
    if (status !== 200 || !tokens.success) {
      if (status >= 400 && status < 500) {
        await this.forget()
        throw new ConnectionRevokedError()
      }
      throw new PluginError("request", "Nativ could not renew the connection. Try again.", status)
    }
    await this.keep(tokens.data, credentials.refreshToken)
    return tokens.data.access_token
  }

  /** Signs out: revokes the refresh and access tokens (RFC 7009), then forgets them. */
  async signOut() {
    const credentials = this.credentials
    await this.forget()
    if (credentials?.kind !== "oauth") return
    const tokens: [string, string][] = [[credentials.accessToken, "access_token"]]
    if (credentials.refreshToken) tokens.unshift([credentials.refreshToken, "refresh_token"])
    // Revocation is best effort: signing out must work offline too, and the tokens are forgotten.
    await Promise.allSettled(
      tokens.map(([token, hint]) =>
        postForm(this.endpoints, "/oauth/revoke", { token, token_type_hint: hint }),
      ),
    )
  }

  /** Forgets the connection without telling the server (it was revoked there). */
  async forget() {
    this.credentials = null
    await this.options.storage.delete(STORAGE_KEY)
  }

  private async keep(tokens: TokenResponse, previousRefreshToken?: string) {
    await this.save({
      kind: "oauth",
      serverUrl: this.serverUrl,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? previousRefreshToken,
      expiresAt: tokens.expires_in ? this.now() + tokens.expires_in * 1000 : null,
    })
  }

  private async save(credentials: Credentials) {
    this.credentials = credentials
    await this.options.storage.set(STORAGE_KEY, JSON.stringify(credentials))
  }
}
