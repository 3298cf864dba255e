import type {
  AuditLog,
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from "@nativ/contracts"
import { sql } from "kysely"
import { Webhook as Verifier } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { uniqueEmail } from "../../auth/test-kit"
import { createTestUser } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import { sendDueWebhooks } from "../../webhooks/webhook-worker"
import { startReceiver } from "../../webhooks/test-receiver"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"

describe("/api/v1/webhooks", () => {
  let app: TestApp
  let owner: ApiUser
  let member: ApiUser
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    app = await createApiTestApp()
    receiver = await startReceiver()
    owner = await signedInUser(app)
    const row = await invite(app, owner, uniqueEmail("hooks-member"), "member")
    member = await accept(app, row.email)
  })
  afterAll(async () => {
    await receiver.close()
    await app.close()
  })

  const create = (as: ApiUser, body: unknown) =>
    callApi<CreatedWebhook>(app, "/webhooks", { token: as.token, body })

  it("creates an endpoint and shows its whsec_ secret once; list and get never show it", async () => {
    const created = await create(owner, {
      url: `${receiver.url}/hooks`,
      events: ["credits.purchased", "ping", "ping"],
      description: " Billing sync ",
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      url: `${receiver.url}/hooks`,
      events: ["credits.purchased", "ping"],
      description: "Billing sync",
      enabled: true,
      disabled_reason: null,
    })
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/)

    const list = await callApi<WebhookList>(app, "/webhooks", { token: owner.token })
    expect(list.status).toBe(200)
    const listed = list.body.webhooks.find((w) => w.id === created.body.id)!
    expect(listed).toEqual({ ...created.body, secret: undefined })
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret)

    const one = await callApi<Webhook>(app, `/webhooks/${created.body.id}`, { token: owner.token })
    expect(one.status).toBe(200)
    expect(one.body).not.toHaveProperty("secret")
    expect(one.body.id).toBe(created.body.id)

    const audit = await callApi<AuditLog>(app, "/audit-log", { token: owner.token })
    expect(audit.body.events[0]).toMatchObject({
      action: "webhook.created",
      target: `${receiver.url}/hooks`,
    })
  })

  it("changes url, events, description and enabled, and deletes", async () => {
    const { body: created } = await create(owner, { url: `${receiver.url}/a`, events: ["ping"] })
    const path = `/webhooks/${created.id}`
    const patched = await callApi<Webhook>(app, path, {
      token: owner.token,
      method: "PATCH",
      body: {
        url: `${receiver.url}/b`,
        events: ["member.joined"],
        description: "x",
        enabled: false,
      },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.body).toMatchObject({
      url: `${receiver.url}/b`,
      events: ["member.joined"],
      description: "x",
      enabled: false,
    })
    const empty = await callApi(app, path, { token: owner.token, method: "PATCH", body: {} })
    expectApiError(empty, 400, "invalid_request")

    const deleted = await callApi(app, path, { token: owner.token, method: "DELETE" })
    expect(deleted.status).toBe(204)
    expectApiError(await callApi(app, path, { token: owner.token }), 404, "not_found")
    const audit = await callApi<AuditLog>(app, "/audit-log", { token: owner.token })
    expect(audit.body.events.slice(0, 2).map((e) => e.action)).toEqual([
      "webhook.deleted",
      "webhook.updated",
    ])
  })

  it("refuses members (403) and answers 404 for another company's or unknown ids", async () => {
    expectApiError(await callApi(app, "/webhooks", { token: member.token }), 403, "forbidden")
    expectApiError(
      await create(member, { url: `${receiver.url}/m`, events: ["ping"] }),
      403,
      "forbidden",
    )
    const { body: mine } = await create(owner, { url: `${receiver.url}/o`, events: ["ping"] })
    const stranger = await signedInUser(app)
    for (const path of [
      `/webhooks/${mine.id}`,
      `/webhooks/${mine.id}/deliveries`,
      "/webhooks/not-a-uuid",
      "/webhooks/00000000-0000-4000-8000-000000000000",
    ])
      expectApiError(await callApi(app, path, { token: stranger.token }), 404, "not_found")
    for (const [method, path] of [
      ["PATCH", `/webhooks/${mine.id}`],
      ["DELETE", `/webhooks/${mine.id}`],
      ["POST", `/webhooks/${mine.id}/test`],
      ["POST", `/webhooks/${mine.id}/deliveries/1/resend`],
    ] as const)
      expectApiError(
        await callApi(app, path, {
          token: stranger.token,
          method,
          body: method === "PATCH" ? { enabled: false } : {},
        }),
        404,
        "not_found",
      )
    expect((await callApi(app, `/webhooks/${mine.id}`, { token: owner.token })).status).toBe(200)
    expectApiError(
      await callApi(app, `/webhooks/${mine.id}/deliveries/abc/resend`, {
        token: owner.token,
        body: {},
      }),
      404,
      "not_found",
    )
  })

  it("answers 400 with a clear message for unknown events, no events and bad URLs", async () => {
    const cases: [unknown, RegExp][] = [
      [{ url: receiver.url, events: ["credits.stolen"] }, /Unknown event/],
      [{ url: receiver.url, events: [] }, /at least one event/],
      [{ url: receiver.url }, /events/],
      [{ url: "not a url", events: ["ping"] }, /not valid/],
      [{ url: "ftp://example.com/x", events: ["ping"] }, /https:\/\//],
      [{ url: "https://user:pw@example.com/x", events: ["ping"] }, /user name or password/],
      [{ url: "", events: ["ping"] }, /url is required/],
    ]
    for (const [body, message] of cases) {
      const res = await create(owner, body)
      expectApiError(res, 400, "invalid_request")
      expect((res.body as unknown as ErrorBody).error.message).toMatch(message)
    }
  })

  it("sends a signed ping on Send test that the standardwebhooks verifier accepts", async () => {
    const { body: created } = await create(owner, { url: `${receiver.url}/ping`, events: ["ping"] })
    const queued = await callApi<WebhookDelivery>(app, `/webhooks/${created.id}/test`, {
      token: owner.token,
      body: {},
    })
    expect(queued.status).toBe(202)
    expect(queued.body).toMatchObject({ event: "ping", status: "pending", attempts: 0 })
    expect(queued.body.message_id).toMatch(/^msg_[0-9a-f]{32}$/)

    await sendDueWebhooks(app.deps)
    const got = receiver.received.filter((r) => r.path === "/ping")
    expect(got).toHaveLength(1)
    const headers = got[0]!.headers as Record<string, string>
    expect(headers["webhook-id"]).toBe(queued.body.message_id)
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/)
    const payload = new Verifier(created.secret).verify(got[0]!.body, headers) as {
      type: string
      timestamp: string
      data: { webhook_id: string }
    }
    expect(payload.type).toBe("ping")
    expect(payload.data.webhook_id).toBe(created.id)
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp)
    expect(() => new Verifier(created.secret).verify(`${got[0]!.body} `, headers)).toThrow()

    const list = await callApi<WebhookDeliveryList>(app, `/webhooks/${created.id}/deliveries`, {
      token: owner.token,
    })
    expect(list.body.deliveries).toHaveLength(1)
    expect(list.body.deliveries[0]).toMatchObject({
      id: queued.body.id,
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      response_body: "answered 200",
      next_attempt_at: null,
    })
    expect(list.body.deliveries[0]!.duration_ms).toBeGreaterThanOrEqual(0)
  })

  it("keeps the signing secret out of /rest/v1 and every API answer", async () => {
    const { body: created } = await create(owner, { url: `${receiver.url}/s`, events: ["ping"] })
    const { rows } = await sql<{ secret: string }>`select secret from nativ.webhook_endpoints
      where id = ${created.id}`.execute(app.deps.database.db)
    expect(rows[0]!.secret).toBe(created.secret)
    const rest = await app.fetch("/rest/v1/webhook_endpoints?select=*", {
      headers: { apikey: app.deps.keys.anon, Authorization: `Bearer ${owner.token}` },
    })
    expect(rest.status).toBeGreaterThanOrEqual(400)
  })
})

describe("/api/v1/webhooks in production", () => {
  let app: TestApp
  let token: string
  beforeAll(async () => {
    app = await createApiTestApp({
      NODE_ENV: "production",
      JWT_SECRET: "production-secret-that-is-long-enough-for-hs256",
      MAIL_TRANSPORT: "outbox",
    })
    token = (await createTestUser(app)).token
  })
  afterAll(() => app.close())

  it("refuses http:// and private, loopback and reserved addresses with a clear 400", async () => {
    const refused: [string, RegExp][] = [
      ["http://93.184.216.34/hooks", /must use https/],
      ["https://127.0.0.1/hooks", /public address/],
      ["https://localhost:8443/hooks", /localhost resolves to .* private, loopback/],
      ["https://10.1.2.3/hooks", /public address/],
      ["https://192.168.0.10/hooks", /public address/],
      ["https://172.16.5.4/hooks", /public address/],
      ["https://169.254.169.254/latest/meta-data", /public address/],
      ["https://100.64.0.1/hooks", /public address/],
      ["https://0.0.0.0/hooks", /public address/],
      ["https://[::1]/hooks", /public address/],
      ["https://[fd00::1]/hooks", /public address/],
      ["https://[fe80::1]/hooks", /public address/],
      ["https://[::ffff:127.0.0.1]/hooks", /public address/],
      ["https://[::ffff:10.0.0.1]/hooks", /public address/],
      ["https://[::]/hooks", /public address/],
    ]
    for (const [url, message] of refused) {
      const res = await callApi(app, "/webhooks", { token, body: { url, events: ["ping"] } })
      expectApiError(res, 400, "invalid_request")
      expect((res.body as { error: { message: string } }).error.message, url).toMatch(message)
    }
    const publicIp = await callApi<CreatedWebhook>(app, "/webhooks", {
      token,
      body: { url: "https://93.184.216.34/hooks", events: ["ping"] },
    })
    expect(publicIp.status).toBe(201)
    const patched = await callApi(app, `/webhooks/${publicIp.body.id}`, {
      token,
      method: "PATCH",
      body: { url: "https://[::ffff:192.168.1.1]/x" },
    })
    expectApiError(patched, 400, "invalid_request")
  })
})
