import type { CreatedWebhook, Member, WebhookEvent } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp } from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import { uniqueEmail } from "../auth/test-kit"
import { applyCreditDelta } from "../billing/ledger"
import {
  buyCredits,
  createRemoteAccount,
  payCheckout,
  type RemoteAccount,
  startCheckout,
  verifyCheckout,
} from "../reliability/remote-account"
import type { TestApp } from "../testing/test-app"

type Queued = { event: WebhookEvent; payload: { type: string; timestamp: string; data: never } }

/**
 * The database queues each event in the transaction that causes it, through the product's own
 * paths (checkout, culturalize with a capped key, invitations, removing a member): exactly one
 * delivery per subscribed endpoint, none for a rolled-back change, and no secrets in payloads.
 */
describe("webhook events written by the database", () => {
  let app: TestApp
  let account: RemoteAccount
  let owner: ApiUser
  let hook: CreatedWebhook
  let unsubscribed: CreatedWebhook
  beforeAll(async () => {
    app = await createApiTestApp()
    account = await createRemoteAccount(app.url)
    owner = { id: account.userId, email: account.email, token: account.token }
    const create = async (events: WebhookEvent[]) => {
      const res = await callApi<CreatedWebhook>(app, "/webhooks", {
        token: owner.token,
        body: { url: "http://127.0.0.1:9/hooks", events },
      })
      expect(res.status).toBe(201)
      return res.body
    }
    hook = await create([
      "credits.low",
      "credits.purchased",
      "key.cap_reached",
      "job.completed",
      "member.joined",
      "member.removed",
    ])
    unsubscribed = await create(["ping"])
  })
  afterAll(() => app.close())

  const queued = async (event: WebhookEvent, endpointId = hook.id) => {
    const { rows } = await sql<Queued>`select event, payload from nativ.webhook_deliveries
      where endpoint_id = ${endpointId} and event = ${event} order by id`.execute(
      app.deps.database.db,
    )
    return rows
  }
  const expectEnvelope = (row: Queued, type: string) => {
    expect(row.payload.type).toBe(type)
    expect(new Date(row.payload.timestamp).toISOString()).toBe(row.payload.timestamp)
  }

  it("queues exactly one credits.purchased for a paid checkout, even when it is verified twice", async () => {
    const session = await startCheckout(app.url, account, 2)
    await payCheckout(app.url, session)
    expect((await verifyCheckout(app.url, account, session)).status).toBe(200)
    expect((await verifyCheckout(app.url, account, session)).status).toBe(200)
    const rows = await queued("credits.purchased")
    expect(rows).toHaveLength(1)
    expectEnvelope(rows[0]!, "credits.purchased")
    expect(rows[0]!.payload.data).toMatchObject({
      credits: 2000,
      amount_cents: 200,
      currency: "usd",
      receipt_number: expect.stringMatching(/^NTV-/),
    })
    expect(await queued("credits.purchased", unsubscribed.id)).toHaveLength(0)
  })

  it("queues credits.low once when a debit crosses the threshold, and nothing for a rolled-back one", async () => {
    const { db } = app.deps.database
    await sql`update public.users set low_balance_threshold = credits where id = ${owner.id}`.execute(
      db,
    )
    await db
      .transaction()
      .execute(async (trx) => {
        await applyCreditDelta(trx, {
          userId: owner.id,
          delta: -5,
          reason: "adjustment",
          reference: "rolled-back",
        })
        throw new Error("roll back")
      })
      .catch(() => undefined)
    expect(await queued("credits.low")).toHaveLength(0)

    for (const reference of ["first", "second"])
      await applyCreditDelta(db, { userId: owner.id, delta: -5, reason: "adjustment", reference })
    const rows = await queued("credits.low")
    expect(rows).toHaveLength(1)
    expectEnvelope(rows[0]!, "credits.low")
    const { rows: user } = await sql<{ low_balance_threshold: number }>`
      select low_balance_threshold from public.users where id = ${owner.id}`.execute(db)
    expect(rows[0]!.payload.data).toEqual({
      balance: Number(user[0]!.low_balance_threshold) - 5,
      threshold: Number(user[0]!.low_balance_threshold),
    })
  })

  it("queues key.cap_reached once, on the charge that reaches a key's monthly cap", async () => {
    const created = await callApi<{ id: string; key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "capped", monthly_credit_cap: 2 },
    })
    expect(created.status).toBe(201)
    const culturalize = () =>
      callApi(app, "/text/culturalize", {
        token: created.body.key,
        body: {
          text: "Hello",
          language: "German",
          language_code: "DE",
          tool: "api",
          use_memory: false,
        },
      })
    expect((await culturalize()).status).toBe(200)
    expect(await queued("key.cap_reached")).toHaveLength(0)
    expect((await culturalize()).status).toBe(200)
    expect((await culturalize()).status).toBe(402)
    const rows = await queued("key.cap_reached")
    expect(rows).toHaveLength(1)
    expectEnvelope(rows[0]!, "key.cap_reached")
    expect(rows[0]!.payload.data).toMatchObject({
      id: created.body.id,
      name: "capped",
      cap: 2,
      used: 2,
    })
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(created.body.key)
  })

  it("queues member.joined when an invitation is accepted and member.removed when removed", async () => {
    const email = uniqueEmail("hook-member")
    const invited: Member = await invite(app, owner, email, "admin")
    expect(await queued("member.joined")).toHaveLength(0)
    await accept(app, email)
    const joined = await queued("member.joined")
    expect(joined).toHaveLength(1)
    expectEnvelope(joined[0]!, "member.joined")
    expect(joined[0]!.payload.data).toEqual({ id: invited.id, email, role: "admin" })

    const removed = await callApi(app, `/members/${invited.id}`, {
      token: owner.token,
      method: "DELETE",
    })
    expect(removed.status).toBe(204)
    const rows = await queued("member.removed")
    expect(rows).toHaveLength(1)
    expect(rows[0]!.payload.data).toEqual({ id: invited.id, email, role: "admin" })
  })

  it("queues job.completed through the function the file jobs will call", async () => {
    const { rows } = await sql<{ queued: number }>`select nativ.enqueue_job_completed(
      ${owner.id}::uuid, '{"id": "job-42", "files": 3}'::jsonb) as queued`.execute(
      app.deps.database.db,
    )
    expect(rows[0]!.queued).toBe(1)
    const jobs = await queued("job.completed")
    expect(jobs).toHaveLength(1)
    expect(jobs[0]!.payload.data).toEqual({ id: "job-42", files: 3 })
  })

  it("queues nothing for a disabled endpoint", async () => {
    const off = await callApi(app, `/webhooks/${hook.id}`, {
      token: owner.token,
      method: "PATCH",
      body: { enabled: false },
    })
    expect(off.status).toBe(200)
    await buyCredits(app.url, account, 1)
    expect(await queued("credits.purchased")).toHaveLength(1)
  })
})

describe("a company deleted with its endpoints and members", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("goes without an error and leaves no delivery behind", async () => {
    const account = await createRemoteAccount(app.url)
    const owner = { id: account.userId, email: account.email, token: account.token }
    const res = await callApi(app, "/webhooks", {
      token: owner.token,
      body: { url: "http://127.0.0.1:9/gone", events: ["member.removed", "member.joined"] },
    })
    expect(res.status).toBe(201)
    const email = uniqueEmail("gone")
    await invite(app, owner, email, "member")
    await accept(app, email)
    const { db } = app.deps.database
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from nativ.webhook_deliveries
            where company_id = ${owner.id}`.execute(db)
        ).rows[0]!.n,
      )
    expect(await count()).toBe(1)
    await sql`delete from public.users where id = ${owner.id}`.execute(db)
    expect(await count()).toBe(0)
  })
})
