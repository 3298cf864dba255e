import type { Receipt } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { mailsTo, uniqueEmail } from "../../auth/test-kit"
import { sendOutboxEmails } from "../../mail/email-outbox"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"
import { buy, finish, history, paymentId, startCheckout, verify } from "./billing-test-kit"

const SITE_URL = "http://dashboard.test"

describe("billing history and receipts", () => {
  let app: TestApp
  let owner: ApiUser

  beforeAll(async () => {
    app = await createApiTestApp({ SITE_URL })
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  const receiptMails = async (email: string) =>
    (await mailsTo(app, email)).filter((m) => m.subject.startsWith("Your Nativ receipt"))

  it("lists every purchase newest first with status, amount, receipt number and who bought", async () => {
    const buyer = await signedInUser(app)
    const first = await buy(app, buyer, 20)
    const pending = await startCheckout(app, buyer, 5)
    const canceled = await startCheckout(app, buyer, 7.5)
    await finish(canceled.url, "cancel")

    const res = await history(app, buyer)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: 3, offset: 0, limit: 10 })
    expect(res.body.payments.map((p) => [p.status, p.amount, p.credits])).toEqual([
      ["canceled", 7.5, 7_500],
      ["pending", 5, 5_000],
      ["paid", 20, 20_000],
    ])
    const [canceledRow, pendingRow, paidRow] = res.body.payments
    expect(paidRow).toMatchObject({
      id: first.id,
      amount_cents: 2_000,
      currency: "usd",
      started_by: buyer.email,
      receipt_url: null,
      checkout_url: null,
    })
    expect(paidRow!.receipt_number).toMatch(/^NTV-\d{4}-\d{6}$/)
    expect(Date.parse(paidRow!.paid_at!)).toBeGreaterThanOrEqual(Date.parse(paidRow!.created_at))
    for (const row of [canceledRow!, pendingRow!]) {
      expect(row.receipt_number).toBeNull()
      expect(row.paid_at).toBeNull()
    }
    expect(pendingRow!.id).toBe(await paymentId(app, pending.session))
  })

  it("lists a checkout left pending for 24 hours as expired; only an open one carries its URL", async () => {
    const buyer = await signedInUser(app)
    const paidLongAgo = await buy(app, buyer, 3)
    const stale = await startCheckout(app, buyer, 2)
    const open = await startCheckout(app, buyer, 1)
    const db = app.deps.database.db
    for (const [session, hours] of [
      [paidLongAgo.session, 26],
      [stale.session, 25],
    ] as const)
      await sql`
        update public.payments set created_at = now() - make_interval(hours => ${hours})
        where session_id = ${session}
      `.execute(db)

    const rows = (await history(app, buyer)).body.payments
    expect(rows.map((p) => [p.amount, p.status, p.checkout_url])).toEqual([
      [1, "pending", open.url],
      [2, "expired", null],
      [3, "paid", null],
    ])
    // Derived, not stored: the row stays pending, so a late payment is still credited.
    const { rows: stored } = await sql<{ status: string; checkout_url: string }>`
      select status, checkout_url from public.payments where session_id = ${stale.session}
    `.execute(db)
    expect(stored[0]).toEqual({ status: "pending", checkout_url: stale.url })
  })

  it("pages with limit and offset and refuses a bad one naming it", async () => {
    const buyer = await signedInUser(app)
    for (const amount of [1, 2, 3]) await startCheckout(app, buyer, amount)
    const page2 = await history(app, buyer, "?limit=2&offset=2")
    expect(page2.body).toMatchObject({ total: 3, offset: 2, limit: 2 })
    expect(page2.body.payments.map((p) => p.amount)).toEqual([1])
    const past = await history(app, buyer, "?limit=2&offset=10")
    expect(past.body).toMatchObject({ total: 3, payments: [] })

    for (const [query, name] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?offset=-1", "offset"],
      ["?limit=abc", "limit"],
    ] as const) {
      const res = await history(app, buyer, query)
      expectApiError(res, 400, "invalid_request")
      expect((res.body as unknown as { error: { message: string } }).error.message).toContain(name)
    }
  })

  it("numbers receipts one after another when purchases are credited", async () => {
    const buyer = await signedInUser(app)
    const a = await buy(app, buyer, 1)
    const b = await buy(app, buyer, 2)
    const numbers = await Promise.all(
      [a, b].map(async ({ id }) => (await receipt(buyer, id)).body.receipt_number),
    )
    const [na, nb] = numbers.map((n) => Number(n.split("-")[2]))
    expect(nb).toBe(na! + 1)
    expect(numbers[0]!.slice(0, 8)).toBe(`NTV-${new Date().getUTCFullYear()}`)
  })

  const receipt = (user: ApiUser, id: string) =>
    callApi<Receipt>(app, `/billing/payments/${id}/receipt`, { token: user.token })

  it("gives a paid purchase's receipt as JSON for the dashboard's receipt page", async () => {
    const { id, session } = await buy(app, owner, 20)
    const res = await receipt(owner, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      receipt_number: expect.stringMatching(/^NTV-\d{4}-\d{6}$/),
      payment_id: id,
      company_name: expect.any(String),
      billed_to: owner.email,
      paid_at: expect.any(String),
      credits: 20_000,
      amount: 20,
      amount_cents: 2_000,
      currency: "usd",
      provider: "local",
      payment_reference: session,
      receipt_url: null,
    })
    const listed = (await history(app, owner)).body.payments.find((p) => p.id === id)
    expect(listed!.receipt_number).toBe(res.body.receipt_number)
  })

  it("makes a PDF of the receipt carrying its number", async () => {
    const { id } = await buy(app, owner, 100)
    const number = (await receipt(owner, id)).body.receipt_number
    const res = await app.fetch(`/api/v1/billing/payments/${id}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("application/pdf")
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="nativ-receipt-${number}.pdf"`,
    )
    const pdf = Buffer.from(await res.arrayBuffer())
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    // The page's text is compressed; the document's title (its metadata) is not.
    expect(pdf.toString("latin1")).toMatch(/\/Title \d+ 0 R/)
    expect(pdf.toString("latin1")).toContain(`(Receipt ${number})`)
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF")
  })

  it("has no receipt for a pending or canceled purchase, with a message saying why", async () => {
    const pending = await startCheckout(app, owner, 3)
    const canceled = await startCheckout(app, owner, 4)
    await finish(canceled.url, "cancel")
    for (const [{ session }, words] of [
      [pending, /not been completed/],
      [canceled, /canceled/],
    ] as const) {
      const id = await paymentId(app, session)
      for (const path of [
        `/billing/payments/${id}/receipt`,
        `/billing/payments/${id}/receipt.pdf`,
      ]) {
        const res = await callApi<{ error: { message: string } }>(app, path, { token: owner.token })
        expectApiError(res, 404, "not_found")
        expect(res.body.error.message).toMatch(words)
      }
    }
  })

  it("shows another company's payment to no one else (404), nor unknown ids", async () => {
    const { id } = await buy(app, owner, 1)
    const stranger = await signedInUser(app)
    for (const path of [
      `/billing/payments/${id}/receipt`,
      `/billing/payments/${id}/receipt.pdf`,
      "/billing/payments/00000000-0000-4000-8000-000000000000/receipt",
      "/billing/payments/not-a-uuid/receipt",
    ]) {
      const res = await callApi(app, path, { token: stranger.token })
      expectApiError(res, 404, "not_found")
    }
    const theirs = await history(app, stranger)
    expect(theirs.body).toMatchObject({ total: 0, payments: [] })
  })

  it("refuses members (403), admins may see it all, and sign-in is required", async () => {
    const company = await signedInUser(app)
    const { id } = await buy(app, company, 1)
    const memberEmail = uniqueEmail("billing-member")
    const adminEmail = uniqueEmail("billing-admin")
    await invite(app, company, memberEmail, "member")
    await invite(app, company, adminEmail, "admin")
    const member = await accept(app, memberEmail)
    const admin = await accept(app, adminEmail)

    for (const path of [
      "/billing/payments",
      `/billing/payments/${id}/receipt`,
      `/billing/payments/${id}/receipt.pdf`,
    ]) {
      const refused = await callApi<{ error: { message: string } }>(app, path, {
        token: member.token,
      })
      expectApiError(refused, 403, "forbidden")
      expect(refused.body.error.message).toContain("Only owners and admins")
      const asAdmin = await app.fetch(`/api/v1${path}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      })
      expect(asAdmin.status).toBe(200)
      expect((await app.fetch(`/api/v1${path}`)).status).toBe(401)
    }
    expect((await history(app, admin)).body.payments.map((p) => p.id)).toEqual([id])
  })

  it("refuses API keys: billing needs a signed-in session", async () => {
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "billing" },
    })
    const res = await callApi(app, "/billing/payments", { token: key.body.key })
    expectApiError(res, 403, "session_required")
  })

  it("emails the receipt once when the purchase is credited, never on a repeat verify", async () => {
    const buyer = await signedInUser(app)
    const { url, session } = await startCheckout(app, buyer, 20)
    await finish(url, "pay")
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(app, buyer, session)))
    expect(results.map((r) => r.data)).toEqual(Array(10).fill({ credits_added: 20_000 }))
    await verify(app, buyer, session)

    const mails = await receiptMails(buyer.email)
    expect(mails).toHaveLength(1)
    const id = await paymentId(app, session)
    const { receipt_number } = (await receipt(buyer, id)).body
    expect(mails[0]!.subject).toBe(`Your Nativ receipt ${receipt_number}`)
    expect(mails[0]!.text).toContain(`Receipt number: ${receipt_number}`)
    expect(mails[0]!.text).toContain("Amount paid: $20.00")
    expect(mails[0]!.text).toContain("Credits: 20,000 credits")
    expect(mails[0]!.text).toContain(`${SITE_URL}/credits/receipts/${id}`)
  })

  it("still credits the purchase when the receipt email cannot be sent", async () => {
    const buyer = await signedInUser(app)
    const { url, session } = await startCheckout(app, buyer, 2)
    await finish(url, "pay")
    const mailer = app.deps.mailer
    app.deps.mailer = { send: () => Promise.reject(new Error("SMTP is down")) }
    try {
      const verified = await verify(app, buyer, session)
      expect(verified.data).toEqual({ credits_added: 2_000 })
    } finally {
      app.deps.mailer = mailer
    }
    const account = await callApi<{ credits: number }>(app, "/account", { token: buyer.token })
    expect(account.body.credits).toBe(2_000)
    expect((await receipt(buyer, await paymentId(app, session))).status).toBe(200)
    // A repeat verify does not send it: the purchase was credited already.
    await verify(app, buyer, session)
    expect(await receiptMails(buyer.email)).toHaveLength(0)
    // The outbox does, once the mail server is back and the back-off is over.
    await sql`update nativ.email_outbox set claimed_until = now() - interval '1 second'
      where kind = 'receipt' and payload ->> 'payment_id' = ${await paymentId(app, session)}`.execute(
      app.deps.database.db,
    )
    await sendOutboxEmails(app.deps)
    await sendOutboxEmails(app.deps)
    expect(await receiptMails(buyer.email)).toHaveLength(1)
  })
})
