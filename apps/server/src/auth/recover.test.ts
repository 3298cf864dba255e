import { sql } from "kysely"
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
  signedInClient,
  uniqueEmail,
} from "./test-kit"

/** Where GET /verify sent the browser, and the fragment's parameters. */
async function followLink(link: URL) {
  const res = await fetch(link, { redirect: "manual" })
  expect(res.status).toBe(303)
  const location = new URL(res.headers.get("location")!)
  return { location, hash: new URLSearchParams(location.hash.slice(1)) }
}

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

  it("uses a recovery link once: a second click lands on Supabase's otp_expired error", async () => {
    const account = await createConfirmedAccount(app, "recoveronce")
    await app.client().auth.resetPasswordForEmail(account.email, { redirectTo: `${app.url}/reset` })
    const link = linkOf(await lastMailTo(app, account.email))
    expect((await followLink(link)).hash.get("access_token")).toBeTruthy()

    const again = await followLink(link)
    expect(`${again.location.origin}${again.location.pathname}`).toBe(`${app.url}/reset`)
    expect(again.hash.get("error")).toBe("access_denied")
    expect(again.hash.get("error_code")).toBe("otp_expired")
    expect(again.hash.get("error_description")).toBe("Email link is invalid or has expired")
    expect(again.hash.get("access_token")).toBeNull()

    const { error } = await app.client().auth.verifyOtp({
      token_hash: link.searchParams.get("token")!,
      type: "recovery",
    })
    expect(error).toMatchObject({ status: 403, code: "otp_expired" })
  })

  it("refuses a recovery token an hour old, by link and by verifyOtp", async () => {
    const account = await createConfirmedAccount(app, "recoverold")
    await app.client().auth.resetPasswordForEmail(account.email)
    const link = linkOf(await lastMailTo(app, account.email))
    await sql`update auth.one_time_tokens
      set created_at = created_at - interval '1 hour', expires_at = expires_at - interval '1 hour'
      where token_type = 'recovery'
        and user_id = (select id from auth.users where email = ${account.email})`.execute(
      app.deps.database.db,
    )
    const { error } = await app.client().auth.verifyOtp({
      token_hash: link.searchParams.get("token")!,
      type: "recovery",
    })
    expect(error).toMatchObject({ status: 403, code: "otp_expired" })
    expect((await followLink(link)).hash.get("error_code")).toBe("otp_expired")
  })

  it("ends the user's other sessions once the new password is set, and keeps this one", async () => {
    const account = await createConfirmedAccount(app, "recoverothers")
    const other = await signedInClient(app, account)
    await app.client().auth.resetPasswordForEmail(account.email)
    const { hash } = await followLink(linkOf(await lastMailTo(app, account.email)))
    const recovery = app.client()
    await recovery.auth.setSession({
      access_token: hash.get("access_token")!,
      refresh_token: hash.get("refresh_token")!,
    })
    expect((await recovery.auth.updateUser({ password: "recovered-secret-2" })).error).toBeNull()

    const refreshed = await other.auth.refreshSession()
    expect(refreshed.error).toMatchObject({ status: 400, code: "refresh_token_not_found" })
    expect((await recovery.auth.refreshSession()).error).toBeNull()
  })
})
