import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  callApi,
  createApiTestApp,
  signedInUser,
  type ApiUser,
} from "../../../../apps/server/src/api/api-test-kit"
import type { TestApp } from "../../../../apps/server/src/testing/test-app"
import { NativApi } from "../api"
import { localizeTexts } from "../batching"
import { ConnectionRevokedError, InsufficientCreditsError } from "../errors"
import { NativSession } from "../session"
import { memoryStorage } from "../storage"

let app: TestApp
let owner: ApiUser
beforeAll(async () => {
  app = await createApiTestApp({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: "1" })
  owner = await signedInUser(app, 50)
})
afterAll(() => app.close())

/** The person's side: types the code on /activate and approves (the dashboard's calls). */
const approve = (userCode: string) =>
  app.fetch("/oauth/device/approve", {
    method: "POST",
    headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ user_code: userCode, scopes: ["translate", "read", "offline_access"] }),
  })

async function connectedSession(storage = memoryStorage()) {
  const session = new NativSession({ serverUrl: app.url, clientId: "nativ-figma", storage })
  const login = await session.connect()
  expect((await approve(login.userCode)).status).toBe(200)
  await login.approved
  return session
}

describe("a plugin's connection to the real server", () => {
  it("signs in with the device flow, shows who is connected and culturalizes as figma", async () => {
    const storage = memoryStorage()
    const session = new NativSession({ serverUrl: app.url, clientId: "nativ-figma", storage })
    const login = await session.connect()
    expect(login.verificationUriComplete).toBe(
      `${app.url}/activate?user_code=${encodeURIComponent(login.userCode)}`,
    )
    expect(session.connected).toBe(false)
    expect((await approve(login.userCode)).status).toBe(200)
    await login.approved
    expect(session.method).toBe("oauth")

    const api = new NativApi(session)
    expect(await api.account()).toMatchObject({
      role: "owner",
      memberEmail: owner.email,
      credits: 50,
    })
    const entry = await callApi(app, "/master-tm/entries", {
      token: owner.token,
      body: {
        source_text: "Checkout",
        target_text: "Zur Kasse",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    expect(entry.status).toBeLessThan(300)
    const outcome = await localizeTexts(
      api,
      [
        { id: "1:1", text: "Total: 1,234.50" },
        { id: "1:2", text: "Total: 1,234.50" },
        { id: "1:3", text: "Checkout" },
      ],
      [{ name: "German", code: "DE" }],
      { tool: "figma", fileId: "file-key-1", context: "Checkout frame" },
    )
    expect(outcome.translations.get("DE")?.get("Total: 1,234.50")).toBe("Total: 1.234,50")
    // The company's own translation of "Checkout" answers it, free.
    expect(outcome.translations.get("DE")?.get("Checkout")).toBe("Zur Kasse")
    expect(outcome).toMatchObject({ creditsSpent: 1, fromMemory: 1 })
    const listed = await callApi<{ operations: { id: string; tool: string; action: string }[] }>(
      app,
      "/operations",
      { token: owner.token },
    )
    expect(listed.body.operations[0]).toMatchObject({
      tool: "figma",
      action: "translate_layers",
      app_name: "Nativ for Figma",
    })
    const detail = await callApi<{ file_id: string }>(
      app,
      `/operations/${listed.body.operations[0]!.id}`,
      { token: owner.token },
    )
    expect(detail.body.file_id).toBe("file-key-1")

    // Reopening the plugin finds the connection in the host's storage.
    const reopened = new NativSession({ serverUrl: app.url, clientId: "nativ-figma", storage })
    expect(await reopened.restore()).toBe(true)
    expect(await new NativApi(reopened).balance()).toBe(49)
  })

  it("may start signing in from Figma's UI frame, whose origin is opaque (null)", async () => {
    const res = await app.fetch("/oauth/device/code", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams({ client_id: "nativ-figma", scope: "translate read" }).toString(),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get("access-control-allow-origin")).toMatch(/^(null|\*)$/)
    // Another app's public client is still held to its redirect URIs' origins.
    const registered = await app.fetch("/oauth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "Some app",
        redirect_uris: ["https://app.example/callback"],
        token_endpoint_auth_method: "none",
        grant_types: [
          "authorization_code",
          "refresh_token",
          "urn:ietf:params:oauth:grant-type:device_code",
        ],
      }),
    })
    expect(registered.status).toBe(201)
    const { client_id: other } = (await registered.json()) as { client_id: string }
    const refused = await app.fetch("/oauth/device/code", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams({ client_id: other }).toString(),
    })
    expect(refused.status).toBe(400)
  })

  it("reads an account from a server older than member_email as naming no one", async () => {
    const session = await connectedSession()
    // The server as it answered before GET /account named the caller.
    const older: typeof fetch = async (input, init) => {
      const res = await fetch(input, init)
      if (!new Request(input).url.endsWith("/api/v1/account")) return res
      const { member_email: _, ...body } = (await res.json()) as Record<string, unknown>
      return Response.json(body, { status: res.status })
    }
    expect(await new NativApi(session, { fetch: older }).account()).toMatchObject({
      role: "owner",
      memberEmail: null,
      credits: expect.any(Number),
    })
  })

  it("renews an ended access token with the refresh token", async () => {
    const session = await connectedSession()
    const api = new NativApi(session)
    const before = await session.token()
    const renewed = await session.refresh()
    expect(renewed).not.toBe(before)
    expect((await api.languages()).length).toBeGreaterThanOrEqual(0)
  })

  it("revokes the tokens on sign-out, so the old connection no longer works", async () => {
    const storage = memoryStorage()
    const session = await connectedSession(storage)
    const copy = new NativSession({ serverUrl: app.url, clientId: "nativ-figma", storage })
    await copy.restore()
    await session.signOut()
    expect(await storage.get("nativ.credentials")).toBeUndefined()
    const error = await new NativApi(copy).account().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionRevokedError)
    expect(copy.connected).toBe(false)
  })

  it("asks to connect again once its API key is revoked", async () => {
    const created = await callApi<{ id: string; key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "Figma" },
    })
    const storage = memoryStorage()
    const session = new NativSession({ serverUrl: app.url, clientId: "nativ-figma", storage })
    await session.useApiKey(created.body.key)
    const api = new NativApi(session)
    expect((await api.account()).role).toBe("owner")
    await callApi(app, `/api-keys/${created.body.id}`, { method: "DELETE", token: owner.token })
    const error = await api.account().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionRevokedError)
    expect((error as Error).message).toContain("API key no longer works")
    expect(await storage.get("nativ.credentials")).toBeUndefined()
  })

  it("names the balance and the cost when a batch costs more than the balance", async () => {
    const poor = await signedInUser(app, 1)
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: poor.token,
      body: { name: "Figma" },
    })
    const session = new NativSession({
      serverUrl: app.url,
      clientId: "nativ-figma",
      storage: memoryStorage(),
    })
    await session.useApiKey(key.body.key)
    const error = await localizeTexts(
      new NativApi(session),
      [
        { id: "1", text: "One" },
        { id: "2", text: "Two" },
      ],
      [{ name: "French", code: "FR" }],
      { tool: "figma", fileId: "f" },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InsufficientCreditsError)
    expect(error).toMatchObject({ cost: 2, balance: 1 })
  })
})
