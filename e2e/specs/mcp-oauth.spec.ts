import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import {
  auth,
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js"
import { InvalidGrantError } from "@modelcontextprotocol/sdk/server/auth/errors.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js"
import { expect, test } from "@playwright/test"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { baseUrl } from "../support/server"
import { accessToken, grantCredits, storedCredits } from "../support/workspace"

/**
 * An MCP client as AI assistants are built: the official MCP TypeScript SDK with its OAuth client
 * provider, pointed at /mcp with no key. It finds the authorization server on its own (RFC 9728,
 * RFC 8414), registers itself (RFC 7591), sends the person to /connect (the consent clicked in
 * Chromium), then lists tools, translates (charged), refreshes, and is refused once revoked.
 */
class MemoryOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ""
  authorizationUrl: URL | undefined

  constructor(readonly redirectUrl: string) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "MCP Test Assistant",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }
  }
  clientInformation() {
    return this.client
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

async function startCallback() {
  const server = createServer((_req, res) => res.writeHead(200).end("Back in the assistant"))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function connected(provider: MemoryOAuthProvider) {
  const client = new Client({ name: "mcp-oauth-e2e", version: "1.0.0" })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider }),
  )
  return client
}

const translate = (client: Client) =>
  client.callTool({
    name: "translate",
    arguments: { text: "Welcome back", target_language: "German", target_language_code: "DE" },
  })

test("the MCP SDK's OAuth client connects to /mcp with no key, translates, refreshes and is revoked", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const owner = await createConfirmedAccount("mcp-oauth")
  await grantCredits(owner.userId, 1000)
  await signIn(page, owner)
  const callback = await startCallback()
  try {
    const provider = new MemoryOAuthProvider(callback.url)

    // No credentials: the 401 leads the SDK to discovery, registration and authorization.
    const first = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      authProvider: provider,
    })
    await expect(
      new Client({ name: "mcp-oauth-e2e", version: "1.0.0" }).connect(first),
    ).rejects.toBeInstanceOf(UnauthorizedError)
    expect(provider.client?.client_id).toBeTruthy()
    const authorizationUrl = provider.authorizationUrl!
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${baseUrl}/oauth/authorize`)
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256")
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${baseUrl}/mcp`)

    await page.goto(authorizationUrl.href)
    await expect(
      page.getByRole("heading", { name: /MCP Test Assistant wants to access/ }),
    ).toBeVisible()
    await page.getByRole("button", { name: "Approve" }).click()
    await page.waitForURL(/127\.0\.0\.1:\d+\/callback\?/)
    const code = new URL(page.url()).searchParams.get("code")!
    await first.finishAuth(code)
    expect(provider.saved?.access_token).toBeTruthy()
    expect(provider.saved?.refresh_token).toBeTruthy()

    const client = await connected(provider)
    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name)).toContain("translate")
    const before = await storedCredits(owner.userId)
    const translated = await translate(client)
    expect(translated.isError ?? false).toBe(false)
    expect(await storedCredits(owner.userId)).toBeLessThan(before)

    // Refreshing, as the SDK does when its access token expires: both tokens are replaced
    // (rotation) and the new ones work.
    const spent = provider.saved!
    expect(await auth(provider, { serverUrl: `${baseUrl}/mcp` })).toBe("AUTHORIZED")
    expect(provider.saved!.access_token).not.toBe(spent.access_token)
    expect(provider.saved!.refresh_token).not.toBe(spent.refresh_token)
    const again = await connected(provider)
    expect((await again.listTools()).tools.length).toBeGreaterThan(0)

    // The owner disconnects the app in Connected apps: its next request is refused.
    const ownerToken = await accessToken(owner)
    const list = await fetch(`${baseUrl}/api/v1/connected-apps`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
    const { connected_apps } = (await list.json()) as {
      connected_apps: { id: string; name: string }[]
    }
    const approval = connected_apps.find((entry) => entry.name === "MCP Test Assistant")!
    const deleted = await fetch(`${baseUrl}/api/v1/connected-apps/${approval.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
    expect(deleted.status).toBe(204)
    const refused = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${provider.saved!.access_token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    })
    expect(refused.status).toBe(401)
    // And so is its refresh token: the SDK cannot get new tokens without the person again.
    await expect(connected(provider)).rejects.toBeInstanceOf(InvalidGrantError)
  } finally {
    await callback.close()
  }
})
