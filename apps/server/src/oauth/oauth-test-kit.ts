import { createHash, randomBytes } from "node:crypto"

import { expect } from "vitest"

import type { ApiUser } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"

/** Test helpers for Connect: an app registering, a browser with cookies, the consent and device steps. */

export type RegisteredClient = { client_id: string; client_name: string; redirect_uris: string[] }

export const REDIRECT_URI = "http://127.0.0.1:9/callback"

export async function registerClient(
  app: TestApp,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const res = await app.fetch("/oauth/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Test Assistant",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...metadata,
    }),
  })
  const body = (await res.json()) as RegisteredClient
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body
}

/** A browser's cookies (by name; paths are not told apart) across redirects. */
export class Browser {
  private readonly cookies = new Map<string, string>()

  constructor(private readonly app: TestApp) {}

  async get(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.app.url)
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const [name, ...value] = pair!.split("=")
      this.cookies.set(name!.trim(), value.join("="))
    }
    return res
  }

  /** Follows redirects on this server; stops at the dashboard or at the app's redirect URI. */
  async follow(pathOrUrl: string): Promise<URL> {
    let url = new URL(pathOrUrl, this.app.url)
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== this.app.url || !url.pathname.startsWith("/oauth/")) return url
      const res = await this.get(url.href)
      const location = res.headers.get("location")
      if (!location)
        throw new Error(`no redirect from ${url.href}: ${res.status} ${await res.text()}`)
      url = new URL(location, url)
    }
    throw new Error("too many redirects")
  }

  async call(path: string, token: string, body?: unknown): Promise<Response> {
    return this.get(path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url")
  const challenge = createHash("sha256").update(verifier).digest("base64url")
  return { verifier, challenge }
}

export function authorizeUrl(
  client: RegisteredClient,
  challenge: string,
  params: Record<string, string> = {},
) {
  const query = new URLSearchParams({
    client_id: client.client_id,
    response_type: "code",
    redirect_uri: client.redirect_uris[0]!,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    scope: "translate read offline_access",
    ...params,
  })
  return `/oauth/authorize?${query}`
}

/** Starts an authorization in `browser`; returns the interaction's uid (the /connect page's). */
export async function startAuthorization(
  browser: Browser,
  client: RegisteredClient,
  challenge: string,
  params: Record<string, string> = {},
): Promise<string> {
  const landed = await browser.follow(authorizeUrl(client, challenge, params))
  expect(landed.pathname).toBe("/connect")
  return landed.searchParams.get("interaction")!
}

export type Tokens = {
  access_token: string
  refresh_token?: string
  expires_in: number
  scope?: string
  token_type: string
}

export async function tokenRequest(app: TestApp, form: Record<string, string>) {
  const res = await app.fetch("/oauth/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  })
  return { status: res.status, body: (await res.json()) as Tokens & { error?: string } }
}

/** The whole authorization code flow as `person` approving `scopes`: the app's tokens. */
export async function connectApp(
  app: TestApp,
  client: RegisteredClient,
  person: ApiUser,
  scopes = ["translate", "read", "offline_access"],
  params: Record<string, string> = {},
): Promise<Tokens> {
  const browser = new Browser(app)
  const { verifier, challenge } = pkce()
  const uid = await startAuthorization(browser, client, challenge, params)
  const approved = await browser.call(`/oauth/interaction/${uid}/approve`, person.token, { scopes })
  const { redirect_to } = (await approved.json()) as { redirect_to: string }
  expect(approved.status).toBe(200)
  const back = await browser.follow(redirect_to)
  expect(back.origin + back.pathname).toBe(client.redirect_uris[0])
  expect(back.searchParams.get("state")).toBe("state-123")
  const code = back.searchParams.get("code")!
  const tokens = await tokenRequest(app, {
    grant_type: "authorization_code",
    code,
    redirect_uri: client.redirect_uris[0]!,
    client_id: client.client_id,
    code_verifier: verifier,
    ...(params.resource ? { resource: params.resource } : {}),
  })
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200)
  return tokens.body
}
