import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { authFetch, createAuthTestApp, createConfirmedAccount, signedInClient } from "./test-kit"

describe("POST /auth/v1/logout", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  async function threeSessions(tag: string) {
    const account = await createConfirmedAccount(app, tag)
    return Promise.all([1, 2, 3].map(() => signedInClient(app, account)))
  }
  const isSignedIn = async (client: Awaited<ReturnType<typeof signedInClient>>) => {
    const token = (await client.auth.getSession()).data.session?.access_token
    return token ? (await app.client().auth.getUser(token)).error === null : false
  }
  const tokens = (clients: Awaited<ReturnType<typeof threeSessions>>) =>
    Promise.all(clients.map(async (c) => (await c.auth.getSession()).data.session!.access_token))

  it("scope global ends every session of the user", async () => {
    const clients = await threeSessions("global")
    const before = await tokens(clients)
    const events: string[] = []
    clients[0]!.auth.onAuthStateChange((event) => void events.push(event))
    expect((await clients[0]!.auth.signOut({ scope: "global" })).error).toBeNull()
    expect(events).toContain("SIGNED_OUT")
    for (const token of before)
      expect((await app.client().auth.getUser(token)).error?.name).toBe("AuthSessionMissingError")
  })

  it("scope local ends only this session", async () => {
    const clients = await threeSessions("local")
    const before = await tokens(clients)
    expect((await clients[0]!.auth.signOut({ scope: "local" })).error).toBeNull()
    expect((await app.client().auth.getUser(before[0]!)).error).not.toBeNull()
    expect(await isSignedIn(clients[1]!)).toBe(true)
    expect(await isSignedIn(clients[2]!)).toBe(true)
  })

  it("scope others ends every session but this one", async () => {
    const clients = await threeSessions("others")
    expect((await clients[0]!.auth.signOut({ scope: "others" })).error).toBeNull()
    expect(await isSignedIn(clients[0]!)).toBe(true)
    expect(await isSignedIn(clients[1]!)).toBe(false)
    expect(await isSignedIn(clients[2]!)).toBe(false)
  })

  it("answers 204 with an empty body, and 403 once the session is gone", async () => {
    const [client] = await threeSessions("status")
    const token = (await client!.auth.getSession()).data.session!.access_token
    const res = await authFetch(app, "/logout?scope=local", { method: "POST", token })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe("")
    const again = await authFetch(app, "/logout?scope=local", { method: "POST", token })
    expect(again.status).toBe(403)
    expect(((await again.json()) as { code: string }).code).toBe("session_not_found")
  })

  it("refuses an unknown scope with 400 and no token with 401", async () => {
    const [client] = await threeSessions("badscope")
    const token = (await client!.auth.getSession()).data.session!.access_token
    const res = await authFetch(app, "/logout?scope=everything", { method: "POST", token })
    expect(res.status).toBe(400)
    const anonymous = await app.fetch("/auth/v1/logout", { method: "POST" })
    expect(anonymous.status).toBe(401)
  })
})
