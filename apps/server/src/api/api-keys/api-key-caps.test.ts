import type { ApiKey, ApiKeyList, CreatedApiKey } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { uniqueEmail } from "../../auth/test-kit"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"

/** Setting, changing and listing API keys' monthly credit caps (enforcement: key-caps-enforced). */
describe("API key monthly credit caps: create, change, list", () => {
  let app: TestApp
  let owner: ApiUser
  let member: ApiUser
  let stranger: ApiUser

  const createKey = async (user: ApiUser, body: Record<string, unknown>) => {
    const res = await callApi<CreatedApiKey>(app, "/api-keys", { token: user.token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body
  }
  const patch = (user: ApiUser | string, id: string, body: unknown) =>
    callApi<ApiKey>(app, `/api-keys/${id}`, {
      method: "PATCH",
      token: typeof user === "string" ? user : user.token,
      body,
    })
  const listed = async (user: ApiUser, id: string) =>
    (await callApi<ApiKeyList>(app, "/api-keys", { token: user.token })).body.api_keys.find(
      (k) => k.id === id,
    )
  const expectFieldError = (res: { status: number; body: unknown }) => {
    expectApiError(res, 400, "invalid_request")
    expect((res.body as ErrorBody).error.message).toContain("monthly_credit_cap")
  }

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    stranger = await signedInUser(app)
    const email = uniqueEmail("capped-member")
    await invite(app, owner, email, "member")
    member = await accept(app, email)
  })
  afterAll(() => app.close())

  it("creates a key with a cap and lists its cap and this month's usage", async () => {
    const capped = await createKey(owner, { name: "capped", monthly_credit_cap: 5000 })
    expect(capped).toMatchObject({ monthly_credit_cap: 5000, credits_used_this_month: 0 })
    const open = await createKey(owner, { name: "open" })
    expect(open).toMatchObject({ monthly_credit_cap: null, credits_used_this_month: 0 })
    const explicitNull = await createKey(owner, { name: "null cap", monthly_credit_cap: null })
    expect(explicitNull.monthly_credit_cap).toBeNull()
    expect(await listed(owner, capped.id)).toMatchObject({
      name: "capped",
      monthly_credit_cap: 5000,
      credits_used_this_month: 0,
      last_used_at: null,
    })
  })

  it("refuses a cap that is not a whole number from 1 to 1,000,000,000, naming the field", async () => {
    for (const cap of [0, -5, 1.5, "100", 1_000_000_001, true])
      expectFieldError(
        await callApi(app, "/api-keys", {
          token: owner.token,
          body: { name: "bad cap", monthly_credit_cap: cap },
        }),
      )
    const key = await createKey(owner, { name: "patch me" })
    for (const body of [{}, { monthly_credit_cap: 0 }, { monthly_credit_cap: "5" }])
      expectFieldError(await patch(owner, key.id, body))
    expectApiError(await patch(owner, key.id, []), 400, "invalid_request")
    expectApiError(
      await patch(owner, "not-a-uuid", { monthly_credit_cap: 5 }),
      400,
      "invalid_request",
    )
    expectApiError(
      await callApi(app, `/api-keys/${key.id}`, {
        method: "PATCH",
        token: owner.token,
        body: "{x",
      }),
      400,
      "invalid_request",
    )
    expect((await listed(owner, key.id))!.monthly_credit_cap).toBeNull()
  })

  it("sets, changes and removes a cap, recording each change in the activity log", async () => {
    const key = await createKey(owner, { name: "Production" })
    const set = await patch(owner, key.id, { monthly_credit_cap: 2500 })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ id: key.id, name: "Production", monthly_credit_cap: 2500 })
    expect((await listed(owner, key.id))!.monthly_credit_cap).toBe(2500)
    expect((await patch(owner, key.id, { monthly_credit_cap: 2500 })).status).toBe(200)
    const removed = await patch(owner, key.id, { monthly_credit_cap: null })
    expect(removed.status).toBe(200)
    expect(removed.body.monthly_credit_cap).toBeNull()
    expect((await listed(owner, key.id))!.monthly_credit_cap).toBeNull()

    const { rows } = await sql<{ action: string; target: string; details: unknown }>`
      select action, target, details from public.audit_events
      where company_id = ${owner.id} and action = 'api_key.cap_changed' and details->>'key_id' = ${key.id}
      order by id
    `.execute(app.deps.database.db)
    // Setting the same cap again changes nothing, so it is not logged.
    expect(rows.map((r) => [r.action, r.target, r.details])).toEqual([
      ["api_key.cap_changed", "Production", { key_id: key.id, from: null, to: 2500 }],
      ["api_key.cap_changed", "Production", { key_id: key.id, from: 2500, to: null }],
    ])
  })

  it("lets a member change only their own keys' caps, and owners every key of the company", async () => {
    const ownersKey = await createKey(owner, { name: "owner's" })
    const membersKey = await createKey(member, { name: "member's", monthly_credit_cap: 10 })

    expectApiError(await patch(member, ownersKey.id, { monthly_credit_cap: 1 }), 404, "not_found")
    expect((await listed(owner, ownersKey.id))!.monthly_credit_cap).toBeNull()
    expect((await patch(member, membersKey.id, { monthly_credit_cap: 20 })).body).toMatchObject({
      monthly_credit_cap: 20,
    })
    expect((await patch(owner, membersKey.id, { monthly_credit_cap: 30 })).body).toMatchObject({
      monthly_credit_cap: 30,
    })
    expect((await listed(member, membersKey.id))!.monthly_credit_cap).toBe(30)
    expectApiError(await patch(stranger, ownersKey.id, { monthly_credit_cap: 1 }), 404, "not_found")
  })

  it("refuses an unknown or revoked key with 404 and an API key caller with 403", async () => {
    const key = await createKey(owner, { name: "short lived" })
    expectApiError(
      await patch(owner, "00000000-0000-4000-8000-000000000000", { monthly_credit_cap: 5 }),
      404,
      "not_found",
    )
    expectApiError(await patch(key.key, key.id, { monthly_credit_cap: 5 }), 403, "session_required")
    expectApiError(await patch("", key.id, { monthly_credit_cap: 5 }), 401, "unauthorized")
    const revoked = await callApi(app, `/api-keys/${key.id}`, {
      method: "DELETE",
      token: owner.token,
    })
    expect(revoked.status).toBe(204)
    expectApiError(await patch(owner, key.id, { monthly_credit_cap: 5 }), 404, "not_found")
  })

  it("documents the cap in the OpenAPI document", async () => {
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>
      components: { schemas?: Record<string, unknown> }
    }
    const route = doc.paths["/api-keys/{id}"]!.patch!
    expect(route.security).toEqual([{ sessionAuth: [] }])
    expect(Object.keys(route.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404"]),
    )
    expect(JSON.stringify(doc.paths["/api-keys"]!.post)).toContain("monthly_credit_cap")
    expect(JSON.stringify(doc)).toContain("credits_used_this_month")
    expect(JSON.stringify(doc)).toContain("key_cap_reached")
  })
})
