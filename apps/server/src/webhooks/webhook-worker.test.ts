import type { CreatedWebhook, WebhookDelivery, WebhookDeliveryList } from "@nativ/contracts"
import { sql } from "kysely"
import { Webhook as Verifier } from "standardwebhooks"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import { lastMailTo } from "../auth/test-kit"
import { sendOutboxEmails } from "../mail/email-outbox"
import { createTestUser } from "../testing/factories"
import type { TestApp } from "../testing/test-app"
import { postWebhook } from "./post-webhook"
import { DISABLE_AFTER_MS } from "./retry-schedule"
import { type Answer, startReceiver } from "./test-receiver"
import { sendDueWebhooks } from "./webhook-worker"

type Receiver = Awaited<ReturnType<typeof startReceiver>>

/**
 * The delivery worker against a local receiver (node:http on 127.0.0.1): signatures, retries with
 * the same webhook-id, order per endpoint, resend, 3xx not followed, and an endpoint failing for
 * 3 days turned off with its owners emailed. The worker runs when a test calls it.
 */
describe("webhook deliveries", () => {
  let app: TestApp
  let owner: ApiUser
  let receiver: Receiver
  /** What the receiver answers next, per path; 200 once a path's list is empty. */
  const script = new Map<string, Answer[]>()
  beforeAll(async () => {
    app = await createApiTestApp()
    receiver = await startReceiver((r) => script.get(r.path)?.shift() ?? 200)
    owner = await signedInUser(app)
  })
  afterEach(() => script.clear())
  afterAll(async () => {
    await receiver.close()
    await app.close()
  })

  const endpoint = async (path: string, events = ["ping", "job.completed"]) => {
    const res = await callApi<CreatedWebhook>(app, "/webhooks", {
      token: owner.token,
      body: { url: receiver.url + path, events },
    })
    expect(res.status).toBe(201)
    return res.body
  }
  const ping = async (id: string) =>
    (await callApi<WebhookDelivery>(app, `/webhooks/${id}/test`, { token: owner.token, body: {} }))
      .body
  const deliveries = async (id: string) =>
    (
      await callApi<WebhookDeliveryList>(app, `/webhooks/${id}/deliveries`, {
        token: owner.token,
      })
    ).body.deliveries
  const at = (path: string) => receiver.received.filter((r) => r.path === path)
  const job = (n: number) =>
    sql`select nativ.enqueue_job_completed(${owner.id}::uuid,
      jsonb_build_object('id', ${`job-${n}`}::text))`.execute(app.deps.database.db)

  it("retries a 500 after at most 10 s with the same webhook-id and ends succeeded with attempts=2", async () => {
    const hook = await endpoint("/flaky")
    script.set("/flaky", [500])
    const queued = await ping(hook.id)
    await sendDueWebhooks(app.deps)
    const [failed] = await deliveries(hook.id)
    expect(failed).toMatchObject({
      status: "pending",
      attempts: 1,
      response_status: 500,
      response_body: "answered 500",
    })
    const wait = Date.parse(failed!.next_attempt_at!) - Date.parse(failed!.last_attempt_at!)
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(10_000)

    await sendDueWebhooks(app.deps) // not due yet
    expect(at("/flaky")).toHaveLength(1)
    app.advanceClock(wait)
    await sendDueWebhooks(app.deps)

    const got = at("/flaky")
    expect(got.map((r) => r.headers["webhook-id"])).toEqual([queued.message_id, queued.message_id])
    expect(got.map((r) => r.body)).toEqual([got[0]!.body, got[0]!.body])
    for (const r of got)
      expect(() => new Verifier(hook.secret).verify(r.body, r.headers as never)).not.toThrow()
    expect((await deliveries(hook.id))[0]).toMatchObject({
      id: queued.id,
      status: "succeeded",
      attempts: 2,
      response_status: 200,
      next_attempt_at: null,
    })
  })

  it("delivers an endpoint's events one at a time, in the order they happened", async () => {
    const hook = await endpoint("/ordered", ["job.completed"])
    script.set("/ordered", [500, 503])
    for (let n = 1; n <= 6; n++) await job(n)
    // The head fails twice; nothing behind it may overtake it meanwhile.
    await sendDueWebhooks(app.deps)
    app.advanceClock(5_000)
    await sendDueWebhooks(app.deps)
    expect(at("/ordered")).toHaveLength(2)
    app.advanceClock(60_000)
    await sendDueWebhooks(app.deps)

    const jobs = at("/ordered").map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id)
    expect(jobs).toEqual(["job-1", "job-1", "job-1", "job-2", "job-3", "job-4", "job-5", "job-6"])
    const list = await deliveries(hook.id)
    expect(list.map((d) => d.status)).toEqual(Array(6).fill("succeeded"))
    expect(list.map((d) => d.attempts)).toEqual([1, 1, 1, 1, 1, 3])
  })

  it("never sends one delivery twice when two senders run at once", async () => {
    const hook = await endpoint("/twice", ["job.completed"])
    for (let n = 1; n <= 10; n++) await job(n)
    await Promise.all([sendDueWebhooks(app.deps), sendDueWebhooks(app.deps)])
    const ids = at("/twice").map((r) => r.headers["webhook-id"])
    expect(ids).toHaveLength(10)
    expect(new Set(ids).size).toBe(10)
    expect((await deliveries(hook.id)).every((d) => d.status === "succeeded")).toBe(true)
  })

  it("resends a delivery with the same message id", async () => {
    const hook = await endpoint("/resend")
    const queued = await ping(hook.id)
    await sendDueWebhooks(app.deps)
    const res = await callApi<WebhookDelivery>(
      app,
      `/webhooks/${hook.id}/deliveries/${queued.id}/resend`,
      { token: owner.token, body: {} },
    )
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ id: queued.id, status: "pending", attempts: 1 })
    await sendDueWebhooks(app.deps)
    expect(at("/resend").map((r) => r.headers["webhook-id"])).toEqual([
      queued.message_id,
      queued.message_id,
    ])
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: "succeeded", attempts: 2 })
  })

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const hook = await endpoint("/moved")
    script.set("/moved", [
      (res) => res.writeHead(302, { location: `${receiver.url}/elsewhere` }).end(),
    ])
    await ping(hook.id)
    await sendDueWebhooks(app.deps)
    expect(at("/elsewhere")).toHaveLength(0)
    expect((await deliveries(hook.id))[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      response_status: 302,
    })
  })

  it("turns off an endpoint that failed for 3 days and emails the company's owners", async () => {
    const hook = await endpoint("/down")
    // A session token expires as the clock moves 3 days; a key without expiry does not.
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "webhooks test" },
    })
    expect(key.status).toBe(201)
    const token = key.body.key
    script.set("/down", Array(50).fill(500))
    const first = await ping(hook.id)
    await sendDueWebhooks(app.deps)
    app.advanceClock(DISABLE_AFTER_MS / 2)
    await sendDueWebhooks(app.deps)
    expect((await callApi(app, `/webhooks/${hook.id}`, { token })).body).toMatchObject({
      enabled: true,
    })
    app.advanceClock(DISABLE_AFTER_MS / 2)
    await sendDueWebhooks(app.deps)

    const after = await callApi<{ enabled: boolean; disabled_reason: string | null }>(
      app,
      `/webhooks/${hook.id}`,
      { token },
    )
    expect(after.body.enabled).toBe(false)
    expect(after.body.disabled_reason).toMatch(/failing for 3 days/)
    // 72 hours after the event, the delivery was given up too.
    const listed = await callApi<WebhookDeliveryList>(app, `/webhooks/${hook.id}/deliveries`, {
      token,
    })
    expect(listed.body.deliveries.find((d) => d.id === first.id)).toMatchObject({
      status: "failed",
      attempts: 3,
      next_attempt_at: null,
    })
    await sendOutboxEmails(app.deps)
    const mail = await lastMailTo(app, owner.email)
    expect(mail.subject).toBe("A Nativ webhook endpoint was turned off")
    expect(mail.text).toContain(`${receiver.url}/down`)

    // Off means nothing goes, and turning it back on clears the reason.
    await callApi(app, `/webhooks/${hook.id}/test`, { token, body: {} })
    const before = at("/down").length
    await sendDueWebhooks(app.deps)
    expect(at("/down")).toHaveLength(before)
    const on = await callApi(app, `/webhooks/${hook.id}`, {
      token,
      method: "PATCH",
      body: { enabled: true },
    })
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null })
    script.set("/down", [])
    await sendDueWebhooks(app.deps)
    expect(at("/down")).toHaveLength(before + 1)
  })

  it("gives an attempt 10 s at most (shorter here) and records the timeout", async () => {
    const silent = await startReceiver(() => () => undefined)
    try {
      const result = await postWebhook(`${silent.url}/x`, {}, "{}", { production: false }, 300)
      expect(result.status).toBeNull()
      expect(result.body).toMatch(/Timed out/)
      expect(result.durationMs).toBeGreaterThanOrEqual(290)
    } finally {
      await silent.close()
    }
  })
})

describe("webhook deliveries in production", () => {
  let app: TestApp
  let receiver: Receiver
  beforeAll(async () => {
    app = await createApiTestApp({
      NODE_ENV: "production",
      JWT_SECRET: "production-secret-that-is-long-enough-for-hs256",
      MAIL_TRANSPORT: "outbox",
    })
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await app.close()
  })

  it("refuses at delivery time a host that resolves to a private address (no request is made)", async () => {
    const user = await createTestUser(app)
    // As if the name resolved to a public address when saved and to loopback now (DNS rebinding).
    for (const url of [
      `https://localhost:${receiver.port}/rebound`,
      `http://127.0.0.1:${receiver.port}/plain`,
    ]) {
      await sql`insert into nativ.webhook_endpoints (company_id, url, events, secret)
        values (${user.id}, ${url}, '{ping}', 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0')`.execute(
        app.deps.database.db,
      )
    }
    await sql`select nativ.enqueue_webhook_event(${user.id}::uuid, 'ping', '{}')`.execute(
      app.deps.database.db,
    )
    await sendDueWebhooks(app.deps)
    expect(receiver.received).toHaveLength(0)
    const { rows } = await sql<{ response_body: string; status: string }>`
      select d.response_body, d.status from nativ.webhook_deliveries d
      where d.company_id = ${user.id} order by d.id`.execute(app.deps.database.db)
    expect(rows).toHaveLength(2)
    expect(rows[0]!.response_body).toMatch(/^Refused: .*localhost resolves to (127\.0\.0\.1|::1)/)
    expect(rows[1]!.response_body).toMatch(/Refused: .*https/)
    expect(rows.every((r) => r.status === "pending")).toBe(true)
  })
})
