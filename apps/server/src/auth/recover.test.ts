import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  authFetch,
  codeOf,
  createAuthTestApp,
  createConfirmedAccount,
  lastMailTo,
  linkOf,
  mailsTo,
  uniqueEmail,
} from "./test-kit"

describe("POST /auth/v1/recover", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  it("mails a recovery link that signs in through GET /verify and lets the user set a new password", async () => {
    const account = await createConfirmedAccount(app, "recover")
    const { data, error } = await app.client().auth.resetPasswordForEmail(account.email, {
      redirectTo: `${app.url}/reset`,
    })
    expect(error).toBeNull()
    expect(data).toEqual({})

    const mail = await lastMailTo(app, account.email)
    expect(mail.subject).toMatch(/reset/i)
    const link = linkOf(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${app.url}/auth/v1/verify`)
    expect(link.searchParams.get("type")).toBe("recovery")

    const res = await fetch(link, { redirect: "manual" })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${app.url}/reset`)
    const hash = new URLSearchParams(location.hash.slice(1))
    expect(hash.get("type")).toBe("recovery")
    expect(hash.get("token_type")).toBe("bearer")
    expect(hash.get("expires_in")).toBe("3600")

    const client = app.client()
    const set = await client.auth.setSession({
      access_token: hash.get("access_token")!,
      refresh_token: hash.get("refresh_token")!,
    })
    expect(set.error).toBeNull()
    expect((await client.auth.updateUser({ password: "recovered-secret" })).error).toBeNull()
    const signIn = await app
      .client()
      .auth.signInWithPassword({ email: account.email, password: "recovered-secret" })
    expect(signIn.error).toBeNull()
    const old = await app.client().auth.signInWithPassword(account)
    expect(old.error?.code).toBe("invalid_credentials")
  })

  it("verifies the emailed code with verifyOtp and emits PASSWORD_RECOVERY", async () => {
    const account = await createConfirmedAccount(app, "recovercode")
    await app.client().auth.resetPasswordForEmail(account.email)
    const code = codeOf(await lastMailTo(app, account.email))
    const client = app.client()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await client.auth.verifyOtp({
      email: account.email,
      token: code,
      type: "recovery",
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(events).toContain("PASSWORD_RECOVERY")
  })

  it("answers 200 {} for an unknown email and sends nothing", async () => {
    const email = uniqueEmail("nobody")
    const res = await authFetch(app, "/recover", { body: { email } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    expect(await mailsTo(app, email)).toEqual([])
  })

  it("refuses an invalid email with 400 validation_failed", async () => {
    const { error } = await app.client().auth.resetPasswordForEmail("nope")
    expect(error?.status).toBe(400)
    expect(error?.code).toBe("validation_failed")
  })

  it("lets a recovery link expire after an hour", async () => {
    const account = await createConfirmedAccount(app, "recoverlate")
    await app.client().auth.resetPasswordForEmail(account.email)
    const link = linkOf(await lastMailTo(app, account.email))
    app.advanceClock(61 * 60 * 1000)
    const res = await fetch(link, { redirect: "manual" })
    const hash = new URLSearchParams(new URL(res.headers.get("location")!).hash.slice(1))
    expect(hash.get("error_code")).toBe("otp_expired")
  })
})
