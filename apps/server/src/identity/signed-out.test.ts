import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"

/**
 * How long an access token keeps working after its session signs out, per protocol, as
 * docs/identity.md promises: not at all on /auth, /api and /functions; until it expires
 * (JWT_EXPIRY_SECONDS) on /rest, which checks only the JWT, as PostgREST does.
 */
describe("an access token after its session signed out", () => {
  let app: TestApp
  let token: string
  beforeAll(async () => {
    app = await createApiTestApp({ JWT_EXPIRY_SECONDS: "600" })
    token = (await signedInUser(app)).token
    const out = await app.fetch("/auth/v1/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, apikey: app.deps.keys.anon },
    })
    expect(out.status).toBe(204)
  })
  afterAll(() => app.close())

  const bearer = () => ({ Authorization: `Bearer ${token}`, apikey: app.deps.keys.anon })

  it("is refused at once by /auth/v1 with session_not_found", async () => {
    const res = await app.fetch("/auth/v1/user", { headers: bearer() })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error_code: "session_not_found" })
  })

  it("is refused at once by /api/v1, saying the session has ended", async () => {
    const res = await callApi<{ error: { message: string } }>(app, "/user/languages", { token })
    expect(res.status).toBe(401)
    expect(res.body.error.message).toBe("Your session has ended. Sign in again.")
  })

  it("is refused at once by /functions/v1, saying the session has ended", async () => {
    const res = await app.fetch("/functions/v1/create-payment", {
      method: "POST",
      headers: { ...bearer(), "Content-Type": "application/json" },
      body: JSON.stringify({ credits: 20_000 }),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: "Your session has ended. Please sign in again." })
  })

  it("keeps reading /rest/v1 until it expires, then gets 401 PGRST303", async () => {
    const before = await app.fetch("/rest/v1/users?select=id", { headers: bearer() })
    expect(before.status).toBe(200)
    app.advanceClock(601_000)
    try {
      const after = await app.fetch("/rest/v1/users?select=id", { headers: bearer() })
      expect(after.status).toBe(401)
      expect(await after.json()).toMatchObject({ code: "PGRST303" })
    } finally {
      app.advanceClock(-601_000)
    }
  })
})
