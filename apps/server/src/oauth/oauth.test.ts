import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { ConnectedAppList } from "@nativ/contracts"

import {
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
  type ApiUser,
} from "../api/api-test-kit"
import { accept, invite, MEMBER_PASSWORD } from "../api/members/members-test-kit"
import type { TestApp } from "../testing/test-app"
import {
  Browser,
  authorizeUrl,
  connectApp,
  pkce,
  registerClient,
  startAuthorization,
  tokenRequest,
  REDIRECT_URI,
} from "./oauth-test-kit"

let app: TestApp
let owner: ApiUser
beforeAll(async () => {
  app = await createApiTestApp()
  owner = await signedInUser(app, 10_000)
})
afterAll(() => app.close())

const culturalize = (token: string) =>
  callApi(app, "/text/culturalize", {
    token,
    body: { text: "Hello there", language: "German", language_code: "DE" },
  })

describe("discovery", () => {
  it("publishes authorization server metadata (RFC 8414) for this origin", async () => {
    const res = await app.fetch("/.well-known/oauth-authorization-server")
    expect(res.status).toBe(200)
    const metadata = (await res.json()) as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: app.url,
      authorization_endpoint: `${app.url}/oauth/authorize`,
      token_endpoint: `${app.url}/oauth/token`,
      registration_endpoint: `${app.url}/oauth/register`,
      revocation_endpoint: `${app.url}/oauth/revoke`,
      device_authorization_endpoint: `${app.url}/oauth/device/code`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
    })
    expect(metadata.grant_types_supported).toEqual([
      "authorization_code",
      "refresh_token",
      "urn:ietf:params:oauth:grant-type:device_code",
    ])
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(["translate", "read", "manage", "offline_access"]),
    )
    expect(metadata.token_endpoint_auth_methods_supported).toContain("none")
  })

  it("lets a browser-based client (the MCP Inspector) register and exchange codes from its origin", async () => {
    const origin = "http://localhost:6274"
    const registered = await app.fetch("/oauth/register", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({
        redirect_uris: [`${origin}/oauth/callback`],
        token_endpoint_auth_method: "none",
      }),
    })
    expect(registered.status).toBe(201)
    expect(registered.headers.get("access-control-allow-origin")).toMatch(
      /^(\*|http:\/\/localhost:6274)$/,
    )
    const token = await app.fetch("/oauth/token", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=unknown&client_id=unknown",
    })
    expect(token.headers.get("access-control-allow-origin")).toMatch(
      /^(\*|http:\/\/localhost:6274)$/,
    )
  })

  it("publishes protected resource metadata (RFC 9728) for /mcp and /api/v1", async () => {
    for (const path of ["/mcp", "/api/v1"]) {
      const res = await app.fetch(`/.well-known/oauth-protected-resource${path}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        resource: `${app.url}${path}`,
        authorization_servers: [app.url],
        scopes_supported: ["translate", "read", "manage", "offline_access"],
        bearer_methods_supported: ["header"],
      })
    }
  })

  it("answers /mcp without credentials with 401 and where to find the authorization server", async () => {
    const res = await app.fetch("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    })
    expect(res.status).toBe(401)
    expect(res.headers.get("www-authenticate")).toContain(
      `resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`,
    )
    const api = await app.fetch("/api/v1/usage/balance")
    expect(api.headers.get("www-authenticate")).toContain(
      `resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
    )
  })
})

describe("authorization code with PKCE", () => {
  it("connects an app that acts for the member: charged like them, recorded with the app", async () => {
    const client = await registerClient(app, { client_name: "Claude" })
    const tokens = await connectApp(app, client, owner)
    expect(tokens.scope).toBe("translate read")
    expect(tokens.refresh_token).toBeTruthy()

    const done = await culturalize(tokens.access_token)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const operations = await callApi<{ operations: { app_name: string; member_email: string }[] }>(
      app,
      "/operations?per_page=1",
      { token: owner.token },
    )
    expect(operations.body.operations[0]).toMatchObject({
      app_name: "Claude",
      member_email: owner.email,
    })
  })

  it("refuses authorization without PKCE, with plain PKCE, and the implicit and password grants", async () => {
    const client = await registerClient(app)
    const browser = new Browser(app)
    const withoutPkce = new URL(authorizeUrl(client, "x"), app.url)
    withoutPkce.searchParams.delete("code_challenge")
    withoutPkce.searchParams.delete("code_challenge_method")
    const refused = await browser.follow(withoutPkce.pathname + withoutPkce.search)
    expect(refused.href.startsWith(REDIRECT_URI)).toBe(true)
    expect(refused.searchParams.get("error")).toBe("invalid_request")

    const plain = await browser.follow(
      authorizeUrl(client, "a".repeat(43), { code_challenge_method: "plain" }),
    )
    expect(plain.searchParams.get("error")).toBe("invalid_request")

    // An implicit request's error goes in the fragment, as its tokens would have.
    const implicit = await browser.get(authorizeUrl(client, "x", { response_type: "token" }))
    const fragment = new URLSearchParams(new URL(implicit.headers.get("location")!).hash.slice(1))
    expect(fragment.get("error")).toBe("unsupported_response_type")

    const password = await tokenRequest(app, {
      grant_type: "password",
      username: owner.email,
      password: "correct horse 1",
      client_id: client.client_id,
    })
    expect(password.status).toBe(400)
    expect(password.body.error).toBe("unsupported_grant_type")
  })

  it("refuses a code exchanged with the wrong verifier", async () => {
    const client = await registerClient(app)
    const browser = new Browser(app)
    const { challenge } = pkce()
    const uid = await startAuthorization(browser, client, challenge)
    const approved = await browser.call(`/oauth/interaction/${uid}/approve`, owner.token, {
      scopes: ["translate"],
    })
    const back = await browser.follow(
      ((await approved.json()) as { redirect_to: string }).redirect_to,
    )
    const exchanged = await tokenRequest(app, {
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: REDIRECT_URI,
      client_id: client.client_id,
      code_verifier: pkce().verifier,
    })
    expect(exchanged.status).toBe(400)
    expect(exchanged.body.error).toBe("invalid_grant")
  })

  it("shows the request to the browser that started it only, and only to a signed-in person", async () => {
    const client = await registerClient(app, { client_name: "Inspector" })
    const browser = new Browser(app)
    const uid = await startAuthorization(browser, client, pkce().challenge)

    const details = await browser.call(`/oauth/interaction/${uid}/details`, owner.token)
    expect(details.status).toBe(200)
    expect(await details.json()).toMatchObject({
      client: { id: client.client_id, name: "Inspector" },
      scopes: ["translate", "read", "offline_access"],
      member: { email: owner.email, role: "owner" },
      can_grant_manage: true,
    })

    // A link to this request opened elsewhere (no cookie) approves nothing.
    const elsewhere = await new Browser(app).call(
      `/oauth/interaction/${uid}/approve`,
      owner.token,
      {
        scopes: ["translate"],
      },
    )
    expect(elsewhere.status).toBe(404)
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe(
      "interaction_not_found",
    )

    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "approver" },
    })
    const byKey = await browser.call(`/oauth/interaction/${uid}/approve`, key.body.key, {
      scopes: ["translate"],
    })
    expect(byKey.status).toBe(403)

    const signedOut = await browser.get(`/oauth/interaction/${uid}/details`)
    expect(signedOut.status).toBe(401)
  })

  it("sends a denial back to the app as access_denied", async () => {
    const client = await registerClient(app)
    const browser = new Browser(app)
    const uid = await startAuthorization(browser, client, pkce().challenge)
    const denied = await browser.call(`/oauth/interaction/${uid}/deny`, owner.token, {})
    const back = await browser.follow(
      ((await denied.json()) as { redirect_to: string }).redirect_to,
    )
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true)
    expect(back.searchParams.get("error")).toBe("access_denied")
    expect(back.searchParams.get("code")).toBeNull()
  })
})

describe("scopes", () => {
  it("limits an app's token to the scopes approved", async () => {
    const client = await registerClient(app)
    const tokens = await connectApp(app, client, owner, ["read"], { scope: "translate read" })
    expect(tokens.scope).toBe("read")
    expect(tokens.refresh_token).toBeUndefined()

    expect((await callApi(app, "/usage/balance", { token: tokens.access_token })).status).toBe(200)
    const refused = await culturalize(tokens.access_token)
    expectApiError(refused, 403, "insufficient_scope")
    expect(refused.headers.get("www-authenticate")).toContain('scope="translate"')
    // People's and keys' business stays theirs.
    expectApiError(
      await callApi(app, "/api-keys", { token: tokens.access_token }),
      403,
      "insufficient_scope",
    )
    expectApiError(
      await callApi(app, "/glossaries", {
        token: tokens.access_token,
        body: { name: "Brand", source_language: "English", target_language: "German" },
      }),
      403,
      "insufficient_scope",
    )
  })

  it("lets owners grant manage and refuses it to members", async () => {
    const client = await registerClient(app)
    const managing = await connectApp(app, client, owner, ["translate", "manage"], {
      scope: "translate manage",
    })
    expect(managing.scope).toBe("translate manage")

    const member = await invitedMember("member")
    const browser = new Browser(app)
    const uid = await startAuthorization(browser, client, pkce().challenge, {
      scope: "translate manage",
    })
    const details = await browser.call(`/oauth/interaction/${uid}/details`, member.token)
    expect(await details.json()).toMatchObject({ can_grant_manage: false })
    const refused = await browser.call(`/oauth/interaction/${uid}/approve`, member.token, {
      scopes: ["translate", "manage"],
    })
    expect(refused.status).toBe(403)
    const kept = await browser.call(`/oauth/interaction/${uid}/approve`, member.token, {
      scopes: ["translate"],
    })
    expect(kept.status).toBe(200)
  })
})

describe("refresh tokens", () => {
  it("rotates on every use and revokes the whole approval when an old one is replayed", async () => {
    const client = await registerClient(app)
    const first = await connectApp(app, client, owner)
    const refresh = (token: string) =>
      tokenRequest(app, {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: client.client_id,
      })
    const second = await refresh(first.refresh_token!)
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).toBeTruthy()
    expect(second.body.refresh_token).not.toBe(first.refresh_token)
    expect((await callApi(app, "/usage/balance", { token: second.body.access_token })).status).toBe(
      200,
    )

    const replayed = await refresh(first.refresh_token!)
    expect(replayed.status).toBe(400)
    expect(replayed.body.error).toBe("invalid_grant")
    // The thief's replay ended the family: the current tokens are dead too.
    expect((await refresh(second.body.refresh_token!)).body.error).toBe("invalid_grant")
    expect((await callApi(app, "/usage/balance", { token: second.body.access_token })).status).toBe(
      401,
    )
  })

  it("revokes a token on request (RFC 7009)", async () => {
    const client = await registerClient(app)
    const tokens = await connectApp(app, client, owner)
    const res = await app.fetch("/oauth/revoke", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: tokens.access_token,
        client_id: client.client_id,
      }).toString(),
    })
    expect(res.status).toBe(200)
    const after = await callApi(app, "/usage/balance", { token: tokens.access_token })
    expectApiError(after, 401, "unauthorized")
  })
})

describe("ending access", () => {
  it("lists approvals in Connected apps and a disconnect takes effect on the next request", async () => {
    const client = await registerClient(app, { client_name: "VS Code" })
    const tokens = await connectApp(app, client, owner)
    await callApi(app, "/usage/balance", { token: tokens.access_token })

    const list = await callApi<ConnectedAppList>(app, "/connected-apps", { token: owner.token })
    const mine = list.body.connected_apps.find((entry) => entry.client_id === client.client_id)!
    expect(mine).toMatchObject({
      name: "VS Code",
      approved_by: { email: owner.email },
      scopes: ["translate", "read", "offline_access"],
    })
    expect(mine.last_used_at).not.toBeNull()

    expect(
      (await callApi(app, `/connected-apps/${mine.id}`, { token: owner.token, method: "DELETE" }))
        .status,
    ).toBe(204)
    expectApiError(
      await callApi(app, "/usage/balance", { token: tokens.access_token }),
      401,
      "unauthorized",
    )
    const refreshed = await tokenRequest(app, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      client_id: client.client_id,
    })
    expect(refreshed.body.error).toBe("invalid_grant")

    const log = await callApi<{ events: { action: string; target: string }[] }>(app, "/audit-log", {
      token: owner.token,
    })
    const actions = log.body.events.filter((event) => event.target === "VS Code")
    expect(actions.map((event) => event.action)).toEqual([
      "connected_app.revoked",
      "connected_app.approved",
    ])
  })

  it("shows owners everyone's apps and members their own; members cannot disconnect others'", async () => {
    const client = await registerClient(app, { client_name: "Member's assistant" })
    const member = await invitedMember("apps")
    await connectApp(app, client, member)
    const ownerApp = await registerClient(app, { client_name: "Owner's assistant" })
    await connectApp(app, ownerApp, owner)

    const ownersView = await callApi<ConnectedAppList>(app, "/connected-apps", {
      token: owner.token,
    })
    const names = ownersView.body.connected_apps.map((entry) => entry.name)
    expect(names).toEqual(expect.arrayContaining(["Member's assistant", "Owner's assistant"]))

    const membersView = await callApi<ConnectedAppList>(app, "/connected-apps", {
      token: member.token,
    })
    expect(membersView.body.connected_apps.map((entry) => entry.name)).toEqual([
      "Member's assistant",
    ])
    const ownersApproval = ownersView.body.connected_apps.find(
      (entry) => entry.name === "Owner's assistant",
    )!
    expectApiError(
      await callApi(app, `/connected-apps/${ownersApproval.id}`, {
        token: member.token,
        method: "DELETE",
      }),
      404,
      "not_found",
    )
  })

  it("ends a removed member's apps", async () => {
    const client = await registerClient(app)
    const member = await invitedMember("removed")
    const tokens = await connectApp(app, client, member)
    expect((await culturalize(tokens.access_token)).status).toBe(200)

    const members = await callApi<{ members: { id: string; email: string }[] }>(app, "/members", {
      token: owner.token,
    })
    const row = members.body.members.find((m) => m.email === member.email)!
    expect(
      (await callApi(app, `/members/${row.id}`, { token: owner.token, method: "DELETE" })).status,
    ).toBe(204)
    expectApiError(await culturalize(tokens.access_token), 401, "unauthorized")
  })

  it("ends a person's apps when they change their password or sign out of other devices", async () => {
    const client = await registerClient(app)
    const member = await invitedMember("password")
    const before = await connectApp(app, client, member)
    const session = app.client()
    await session.auth.signInWithPassword({ email: member.email, password: MEMBER_PASSWORD })
    expect((await session.auth.updateUser({ password: "a brand new secret 77" })).error).toBeNull()
    expectApiError(await culturalize(before.access_token), 401, "unauthorized")

    const signedIn = await session.auth.getSession()
    const person = { ...member, token: signedIn.data.session!.access_token }
    const again = await connectApp(app, client, person)
    expect((await culturalize(again.access_token)).status).toBe(200)
    expect((await session.auth.signOut({ scope: "others" })).error).toBeNull()
    expectApiError(await culturalize(again.access_token), 401, "unauthorized")
  })
})

async function invitedMember(tag: string): Promise<ApiUser> {
  const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`
  await invite(app, owner, email, "member")
  return accept(app, email)
}
