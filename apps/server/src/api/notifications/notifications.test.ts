import type { AuditLog, NotificationSettings } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { uniqueEmail } from "../../auth/test-kit"
import { grantCredits } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"

const put = (app: TestApp, token: string, body: unknown, method = "PUT") =>
  callApi<NotificationSettings>(app, "/notifications", { method, token, body })

describe("/api/v1/notifications", () => {
  let app: TestApp
  let owner: ApiUser
  let admin: ApiUser
  let member: ApiUser
  let other: ApiUser

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 2_500)
    for (const role of ["admin", "member"] as const) {
      const email = uniqueEmail(role)
      await invite(app, owner, email, role)
      const person = await accept(app, email)
      if (role === "admin") admin = person
      else member = person
    }
    other = await signedInUser(app, 10)
  }, 60_000)
  afterAll(() => app.close())

  it("answers the default alert of 1,000 credits with the balance", async () => {
    const res = await callApi<NotificationSettings>(app, "/notifications", { token: member.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      low_balance_threshold: 1_000,
      balance: 2_500,
      below_threshold: false,
    })
    // Another company's settings are its own.
    expect((await callApi(app, "/notifications", { token: other.token })).body).toEqual({
      low_balance_threshold: 1_000,
      balance: 10,
      below_threshold: true,
    })
  })

  it("lets owners and admins change it, with PUT or PATCH, and records who did", async () => {
    const raised = await put(app, owner.token, { low_balance_threshold: 5_000 })
    expect(raised.status).toBe(200)
    expect(raised.body).toEqual({
      low_balance_threshold: 5_000,
      balance: 2_500,
      below_threshold: true,
    })

    const lowered = await put(app, admin.token, { low_balance_threshold: 2_000 }, "PATCH")
    expect(lowered.body).toEqual({
      low_balance_threshold: 2_000,
      balance: 2_500,
      below_threshold: false,
    })

    const off = await put(app, admin.token, { low_balance_threshold: null })
    expect(off.body).toEqual({
      low_balance_threshold: null,
      balance: 2_500,
      below_threshold: false,
    })
    await put(app, admin.token, { low_balance_threshold: null }) // unchanged: not logged again

    const log = await callApi<AuditLog>(app, "/audit-log", { token: owner.token })
    const changes = log.body.events.filter((e) => e.action === "low_balance_alert.changed")
    expect(changes.map((e) => [e.actor_email, e.details])).toEqual([
      [admin.email, { threshold: null, previous: 2_000 }],
      [admin.email, { threshold: 2_000, previous: 5_000 }],
      [owner.email, { threshold: 5_000, previous: 1_000 }],
    ])
  })

  it("refuses members with 403 and a clear message, and changes nothing", async () => {
    await put(app, owner.token, { low_balance_threshold: 1_000 })
    const res = await put(app, member.token, { low_balance_threshold: 10 })
    expectApiError(res, 403, "forbidden")
    expect(JSON.stringify(res.body)).toContain(
      "Only owners and admins can change the low-balance alert",
    )
    expect((await callApi(app, "/notifications", { token: owner.token })).body).toMatchObject({
      low_balance_threshold: 1_000,
    })
  })

  it.each([
    ["zero", { low_balance_threshold: 0 }],
    ["a fraction", { low_balance_threshold: 1.5 }],
    ["over a billion", { low_balance_threshold: 1_000_000_001 }],
    ["a string", { low_balance_threshold: "1000" }],
    ["a missing field", {}],
  ])("refuses %s with 400 naming low_balance_threshold", async (_, body) => {
    const res = await put(app, owner.token, body)
    expectApiError(res, 400, "invalid_request")
    expect(JSON.stringify(res.body)).toContain("low_balance_threshold")
  })

  it("accepts the bounds", async () => {
    for (const threshold of [1, 1_000_000_000])
      expect(
        (await put(app, owner.token, { low_balance_threshold: threshold })).body,
      ).toMatchObject({
        low_balance_threshold: threshold,
      })
    await put(app, owner.token, { low_balance_threshold: 1_000 })
  })

  it("refuses a caller without credentials (401) and an API key's change (403)", async () => {
    expectApiError(await callApi(app, "/notifications"), 401, "unauthorized")
    const created = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "CI" },
    })
    const key = created.body.key
    expect((await callApi(app, "/notifications", { token: key })).status).toBe(200)
    expectApiError(await put(app, key, { low_balance_threshold: 10 }), 403, "session_required")
  })

  it("is in the OpenAPI document", async () => {
    const doc = (
      await callApi<{ paths: Record<string, Record<string, unknown>> }>(app, "/openapi.json")
    ).body
    expect(Object.keys(doc.paths["/notifications"]!).sort()).toEqual(["get", "patch", "put"])
    expect(JSON.stringify(doc.paths["/notifications"]!.put)).toContain("low_balance_threshold")
  })

  it("hides the banner once the balance is back at or above the threshold", async () => {
    await grantCredits(app.deps, other.id, 5_000)
    expect((await callApi(app, "/notifications", { token: other.token })).body).toMatchObject({
      below_threshold: false,
    })
  })
})
