import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  linkOf,
  mailsTo,
  uniqueEmail,
} from "./test-kit"

const CONFIRM = "Confirm your Nativ account"

describe("POST /auth/v1/resend", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp({ RATE_LIMIT_EMAIL_PER_HOUR: "3" })
  })
  afterAll(() => app.close())

  const confirmations = async (email: string) =>
    (await mailsTo(app, email)).filter((m) => m.subject === CONFIRM)

  it("mails the confirmation link again through supabase-js, and the new link confirms", async () => {
    const email = uniqueEmail("resend")
    const client = app.client()
    await client.auth.signUp({ email, password: "secret-123" })
    const { error } = await client.auth.resend({ type: "signup", email })
    expect(error).toBeNull()
    const mails = await confirmations(email)
    expect(mails).toHaveLength(2)
    const verified = await client.auth.verifyOtp({
      token_hash: linkOf(mails[0]!).searchParams.get("token_hash")!,
      type: "email",
    })
    expect(verified.error).toBeNull()
  })

  it("answers 200 and sends nothing for unknown and confirmed addresses", async () => {
    const unknown = uniqueEmail("nobody")
    expect((await app.client().auth.resend({ type: "signup", email: unknown })).error).toBeNull()
    expect(await confirmations(unknown)).toHaveLength(0)
    const account = await createConfirmedAccount(app, "confirmed")
    const before = (await confirmations(account.email)).length
    const res = await app.client().auth.resend({ type: "signup", email: account.email })
    expect(res.error).toBeNull()
    expect(await confirmations(account.email)).toHaveLength(before)
  })

  it("refuses other types and bad emails with 400", async () => {
    const other = await authFetch(app, "/resend", {
      body: { type: "email_change", email: uniqueEmail("x") },
    })
    expect(other.status).toBe(400)
    expect(await other.json()).toMatchObject({
      msg: "Only the sign-up confirmation (type signup) can be resent",
    })
    expect((await authFetch(app, "/resend", { body: { type: "signup" } })).status).toBe(400)
  })

  it("limits the emails to one address per hour with over_email_send_rate_limit", async () => {
    const email = uniqueEmail("flood")
    const client = app.client()
    await client.auth.signUp({ email, password: "secret-123" })
    expect((await client.auth.resend({ type: "signup", email })).error).toBeNull()
    expect((await client.auth.resend({ type: "signup", email })).error).toBeNull()
    const limited = await client.auth.resend({ type: "signup", email })
    expect(limited.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" })
    expect(await confirmations(email)).toHaveLength(3)
  })
})
