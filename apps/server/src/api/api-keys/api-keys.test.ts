import type { ApiKey, ApiKeyList, CreatedApiKey } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"

describe("/api/v1/api-keys", () => {
  let app: TestApp
  let alice: ApiUser
  let bob: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    alice = await signedInUser(app)
    bob = await signedInUser(app)
  })
  afterAll(() => app.close())

  it("creates a key, returns its secret once and lists it without the secret", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: alice.token,
      body: { name: "  CI pipeline  ", expiry_days: 30 },
    })
    expect(created.status).toBe(201)
    expect(created.body.name).toBe("CI pipeline")
    expect(created.body.key).toMatch(/^nativ_[A-Za-z0-9_-]{43}$/)
    expect(created.body.key_preview).toBe(`nativ_…${created.body.key.slice(-4)}`)
    expect(created.body.is_active).toBe(true)
    const days =
      (Date.parse(created.body.expiry_date!) - Date.parse(created.body.created_at)) / 86_400_000
    expect(Math.round(days)).toBe(30)

    const list = await callApi<ApiKeyList>(app, "/api-keys", { token: alice.token })
    expect(list.status).toBe(200)
    const listed = list.body.api_keys.find((k) => k.id === created.body.id)!
    expect(listed).toMatchObject({
      name: "CI pipeline",
      key_preview: created.body.key_preview,
      is_active: true,
      last_used_at: null,
    })
    expect(JSON.stringify(list.body)).not.toContain(created.body.key)
  })

  it("stores only a hash of the key", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: alice.token,
      body: { name: "hash check" },
    })
    const { rows } = await sql<{
      key_hash: string
    }>`select key_hash from public.api_keys where id = ${created.body.id}`.execute(
      app.deps.database.db,
    )
    expect(rows[0]!.key_hash).not.toContain(created.body.key.slice(6))
    expect(created.body.expiry_date).toBeNull()
  })

  it("refuses a blank or too long name and an expiry outside the choices", async () => {
    expectApiError(
      await callApi(app, "/api-keys", { token: alice.token, body: { name: "   " } }),
      400,
      "invalid_request",
    )
    const long = await callApi(app, "/api-keys", {
      token: alice.token,
      body: { name: "x".repeat(101) },
    })
    expectApiError(long, 400, "invalid_request")
    expect((long.body as { error: { message: string } }).error.message).toContain("100")
    expectApiError(
      await callApi(app, "/api-keys", { token: alice.token, body: { name: "k", expiry_days: 14 } }),
      400,
      "invalid_request",
    )
    expectApiError(
      await callApi(app, "/api-keys", { token: alice.token, body: "{not json" }),
      400,
      "invalid_request",
    )
  })

  it("requires credentials", async () => {
    expectApiError(await callApi(app, "/api-keys"), 401, "unauthorized")
    expectApiError(await callApi(app, "/api-keys", { token: "not-a-token" }), 401, "unauthorized")
    expectApiError(
      await callApi(app, "/api-keys", { token: app.deps.keys.anon }),
      401,
      "unauthorized",
    )
  })

  it("lets an API key list and revoke keys as its creator could, never create one", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: alice.token,
      body: { name: "leaked" },
    })
    const key = created.body.key
    expectApiError(
      await callApi(app, "/api-keys", { token: key, body: { name: "child" } }),
      403,
      "session_required",
    )
    const seen = await callApi<ApiKeyList>(app, "/api-keys", { token: key })
    expect(seen.status).toBe(200)
    expect(seen.body.api_keys.some((k) => k.id === created.body.id)).toBe(true)
    expect(seen.body.api_keys.filter((k) => k.name === "child")).toEqual([])
    expect(JSON.stringify(seen.body)).not.toContain(key)
    // Revoking itself is how a leaked key is stopped; it is refused from then on.
    const revoked = await callApi(app, `/api-keys/${created.body.id}`, {
      method: "DELETE",
      token: key,
    })
    expect(revoked.status).toBe(204)
    expect((await callApi(app, "/user/languages", { token: key })).status).toBe(401)
  })

  it("documents in the OpenAPI document the credentials each route enforces", async () => {
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>
    }
    const session = [{ sessionAuth: [] }]
    expect(doc.paths["/api-keys"]!.post!.security).toEqual(session)
    expect(doc.paths["/api-keys"]!.get!.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths["/api-keys/{id}"]!.delete!.security).toEqual([{ bearerAuth: [] }])
    // Apps connected through Connect are admitted by scope where the route says so.
    expect(doc.paths["/text/culturalize"]!.post!.security).toEqual([
      { bearerAuth: [] },
      { oauth2: ["translate"] },
    ])
    expect(doc.paths["/user/languages"]!.get!.security).toEqual([
      { bearerAuth: [] },
      { oauth2: ["read", "translate"] },
    ])
  })

  it("authenticates with a key, records last use, and refuses it once revoked", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: alice.token,
      body: { name: "to revoke" },
    })
    const key = created.body.key
    expect((await callApi(app, "/user/languages", { token: key })).status).toBe(200)
    const list = await callApi<ApiKeyList>(app, "/api-keys", { token: alice.token })
    expect(list.body.api_keys.find((k) => k.id === created.body.id)!.last_used_at).not.toBeNull()

    const revoked = await app.fetch(`/api/v1/api-keys/${created.body.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${alice.token}` },
    })
    expect(revoked.status).toBe(204)
    expectApiError(await callApi(app, "/user/languages", { token: key }), 401, "api_key_revoked")
    const after = await callApi<ApiKeyList>(app, "/api-keys", { token: alice.token })
    expect(after.body.api_keys.some((k: ApiKey) => k.id === created.body.id)).toBe(false)
  })

  it("refuses an expired key and lists it as not active", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: bob.token,
      body: { name: "week", expiry_days: 7 },
    })
    expect((await callApi(app, "/user/languages", { token: created.body.key })).status).toBe(200)
    app.advanceClock(8 * 86_400_000)
    try {
      expectApiError(
        await callApi(app, "/user/languages", { token: created.body.key }),
        401,
        "api_key_expired",
      )
    } finally {
      app.advanceClock(-8 * 86_400_000)
    }
    await sql`update public.api_keys set expires_at = now() - interval '1 day' where id = ${created.body.id}`.execute(
      app.deps.database.db,
    )
    const list = await callApi<ApiKeyList>(app, "/api-keys", { token: bob.token })
    expect(list.body.api_keys.find((k) => k.id === created.body.id)).toMatchObject({
      is_active: false,
    })
  })

  it("never lets one account see or revoke another's keys", async () => {
    const created = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: alice.token,
      body: { name: "alice only" },
    })
    const bobList = await callApi<ApiKeyList>(app, "/api-keys", { token: bob.token })
    expect(bobList.body.api_keys.some((k) => k.id === created.body.id)).toBe(false)
    const res = await app.fetch(`/api/v1/api-keys/${created.body.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${bob.token}` },
    })
    expect(res.status).toBe(404)
    const aliceList = await callApi<ApiKeyList>(app, "/api-keys", { token: alice.token })
    expect(aliceList.body.api_keys.some((k) => k.id === created.body.id)).toBe(true)
    expect(
      (
        await app.fetch(`/api/v1/api-keys/not-a-uuid`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${bob.token}` },
        })
      ).status,
    ).toBe(400)
  })
})
