import { randomUUID } from "node:crypto"

import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import { mailsTo, uniqueEmail } from "../auth/test-kit"
import type { TestApp } from "../testing/test-app"
import { applyCreditDelta, InsufficientCreditsError, readBalance } from "../billing/ledger"
import { sendOutboxEmails } from "./email-outbox"

const LOW = /^Your Nativ balance is below/

/** One debit as a culturalize charge makes it: its own transaction, through the ledger. */
function debit(app: TestApp, companyId: string, credits = 1) {
  return app.deps.database.db.transaction().execute((trx) =>
    applyCreditDelta(trx, {
      userId: companyId,
      delta: -credits,
      reason: "culturalize",
      reference: randomUUID(),
    }),
  )
}

async function setBalance(app: TestApp, companyId: string, credits: number) {
  const delta = credits - (await readBalance(app.deps.database.db, companyId))
  if (delta)
    await applyCreditDelta(app.deps.database.db, {
      userId: companyId,
      delta,
      reason: "adjustment",
      reference: randomUUID(),
    })
}

/** Buys credits as a person does: checkout, pay on the local provider's page, verify. */
async function buy(app: TestApp, owner: ApiUser) {
  const checkout = await callFunction(app, owner, "create-payment", { credits: 20_000, amount: 20 })
  const session = decodeURIComponent((checkout as { url: string }).url.split("/_checkout/")[1]!)
  await fetch(`${app.url}/_checkout/${encodeURIComponent(session)}/pay`, {
    method: "POST",
    redirect: "manual",
  })
  expect(await callFunction(app, owner, "verify-payment", { session_id: session })).toEqual({
    credits_added: 20_000,
  })
}

async function callFunction(app: TestApp, user: ApiUser, name: string, body: unknown) {
  const res = await app.fetch(`/functions/v1/${name}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${user.token}`,
      apikey: app.deps.keys.anon,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}

const alerts = async (app: TestApp, email: string) =>
  (await mailsTo(app, email)).filter((m) => LOW.test(m.subject))

describe("low-balance alert emails", () => {
  let app: TestApp
  let owner: ApiUser
  let coOwner: ApiUser
  let admin: ApiUser
  let member: ApiUser
  const everyone = () => [owner, coOwner, admin, member]

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    const join = async (role: "owner" | "admin" | "member") => {
      const email = uniqueEmail(role)
      await invite(app, owner, email, role)
      return accept(app, email)
    }
    coOwner = await join("owner")
    admin = await join("admin")
    member = await join("member")
    await setBalance(app, owner.id, 1_050)
  }, 60_000)
  afterAll(() => app.close())

  it("sends exactly one email to each owner when 100 concurrent debits cross the threshold", async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => debit(app, owner.id)))
    expect(results.every((r) => r.applied)).toBe(true)
    expect(await readBalance(app.deps.database.db, owner.id)).toBe(950)

    // Two senders at once (two replicas) share the queue without sending anything twice.
    const sent = await Promise.all([sendOutboxEmails(app.deps), sendOutboxEmails(app.deps)])
    expect(sent[0] + sent[1]).toBe(2)
    expect(await sendOutboxEmails(app.deps)).toBe(0)

    const { rows } = await sql<{
      name: string
    }>`select name from public.users where id = ${owner.id}`.execute(app.deps.database.db)
    for (const person of [owner, coOwner]) {
      const mails = await alerts(app, person.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe("Your Nativ balance is below 1,000 credits")
      expect(mails[0]!.text).toContain(
        `${rows[0]!.name}'s Nativ balance is 999 credits, below your alert threshold of 1,000 credits.`,
      )
      expect(mails[0]!.text).toContain(`Buy Credits: ${app.deps.env.SITE_URL}/credits`)
      expect(mails[0]!.html).toContain(`href="${app.deps.env.SITE_URL}/credits"`)
    }
    for (const person of [admin, member]) expect(await alerts(app, person.email)).toHaveLength(0)
  }, 60_000)

  it("sends nothing more while the balance stays below, nor for a refused debit", async () => {
    await Promise.all(Array.from({ length: 20 }, () => debit(app, owner.id, 5)))
    await expect(debit(app, owner.id, 10_000)).rejects.toBeInstanceOf(InsufficientCreditsError)
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    expect(await alerts(app, owner.email)).toHaveLength(1)
  })

  it("re-arms after a purchase lifts the balance, and the next crossing emails again", async () => {
    await buy(app, owner)
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    const balance = await readBalance(app.deps.database.db, owner.id)
    await debit(app, owner.id, balance - 1_000) // exactly at the threshold: still armed
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    await debit(app, owner.id, 1)
    expect(await sendOutboxEmails(app.deps)).toBe(2)
    const mails = await alerts(app, coOwner.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.text).toContain("balance is 999 credits")
  })

  it("rolls the alert back with a debit that rolls back", async () => {
    await setBalance(app, owner.id, 1_000)
    await expect(
      app.deps.database.db.transaction().execute(async (trx) => {
        await applyCreditDelta(trx, {
          userId: owner.id,
          delta: -1,
          reason: "culturalize",
          reference: randomUUID(),
        })
        throw new Error("the operation could not be recorded")
      }),
    ).rejects.toThrow("could not be recorded")
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    await debit(app, owner.id) // the alert is still armed
    expect(await sendOutboxEmails(app.deps)).toBe(2)
  })

  it("sends nothing with the alert off, nor when a threshold is set above the balance", async () => {
    const before = (await alerts(app, owner.email)).length
    await setBalance(app, owner.id, 1_050)
    const off = await callApi(app, "/notifications", {
      method: "PUT",
      token: owner.token,
      body: { low_balance_threshold: null },
    })
    expect(off.status).toBe(200)
    await Promise.all(Array.from({ length: 100 }, () => debit(app, owner.id)))
    expect(await sendOutboxEmails(app.deps)).toBe(0)

    // 950 credits, threshold 5,000: the banner shows, but the email waits for a real crossing.
    const raised = await callApi(app, "/notifications", {
      method: "PUT",
      token: owner.token,
      body: { low_balance_threshold: 5_000 },
    })
    expect(raised.body).toEqual({
      low_balance_threshold: 5_000,
      balance: 950,
      below_threshold: true,
    })
    await debit(app, owner.id)
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    expect(await alerts(app, owner.email)).toHaveLength(before)

    await setBalance(app, owner.id, 5_000)
    await debit(app, owner.id)
    expect(await sendOutboxEmails(app.deps)).toBe(2)
    expect((await alerts(app, owner.email))[0]!.subject).toBe(
      "Your Nativ balance is below 5,000 credits",
    )
  })

  it("retries a send that failed, and sends it once", async () => {
    await setBalance(app, owner.id, 5_000)
    await debit(app, owner.id, 10)
    let failures = 1
    const send = app.deps.mailer.send
    const flaky = {
      ...app.deps,
      mailer: {
        send: (message: Parameters<typeof send>[0]) =>
          failures-- > 0 ? Promise.reject(new Error("SMTP 451")) : send(message),
      },
    }
    expect(await sendOutboxEmails(flaky)).toBe(1)
    // The failed one waits out its back-off; move it due now.
    await sql`update nativ.email_outbox set claimed_until = now() - interval '1 second'
      where sent_at is null`.execute(app.deps.database.db)
    expect(await sendOutboxEmails(flaky)).toBe(1)
    expect(await sendOutboxEmails(flaky)).toBe(0)
    for (const person of [owner, coOwner])
      expect(
        (await alerts(app, person.email)).filter((m) => m.text.includes("4,990 credits")),
      ).toHaveLength(1)
    for (const person of everyone().slice(2))
      expect(await alerts(app, person.email)).toHaveLength(0)
  })
})

describe("a new account's alert", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("is neither shown nor armed before the company has had credits", async () => {
    const fresh = await signedInUser(app)
    const res = await callApi(app, "/notifications", { token: fresh.token })
    expect(res.body).toEqual({ low_balance_threshold: 1_000, balance: 0, below_threshold: false })

    await setBalance(app, fresh.id, 300) // a first small purchase: below, shown, not emailed
    expect((await callApi(app, "/notifications", { token: fresh.token })).body).toEqual({
      low_balance_threshold: 1_000,
      balance: 300,
      below_threshold: true,
    })
    await debit(app, fresh.id)
    expect(await sendOutboxEmails(app.deps)).toBe(0)
    await setBalance(app, fresh.id, 0) // spent out: still "running low", not "new"
    expect((await callApi(app, "/notifications", { token: fresh.token })).body).toMatchObject({
      below_threshold: true,
    })
  })
})
