import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  lastMailTo,
  linkOf,
  mailsTo,
  uniqueEmail,
} from "./test-kit"

describe("POST /auth/v1/signup", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  it("creates an unconfirmed user with the company name and no session", async () => {
    const email = uniqueEmail("new")
    const { data, error } = await app.client().auth.signUp({
      email,
      password: "secret-123",
      options: { data: { company_name: "Acme GmbH" } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      phone: "",
      user_metadata: { company_name: "Acme GmbH" },
      app_metadata: { provider: "email", providers: ["email"] },
      is_anonymous: false,
    })
    expect(data.user!.identities).toHaveLength(1)
    expect(data.user!.identities![0]).toMatchObject({ provider: "email", user_id: data.user!.id })
    expect(data.user!.email_confirmed_at).toBeUndefined()
    expect(data.user!.confirmation_sent_at).toBeTruthy()
  })

  it("mails a confirmation link to SITE_URL/email-confirmed with token_hash and type=email", async () => {
    const email = uniqueEmail("link")
    await app.client().auth.signUp({ email, password: "secret-123" })
    const mail = await lastMailTo(app, email)
    expect(mail.subject).toMatch(/confirm/i)
    const link = linkOf(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${app.url}/email-confirmed`)
    expect(link.searchParams.get("type")).toBe("email")
    expect(link.searchParams.get("token_hash")).toMatch(/^[\w-]{40,}$/)
    expect(mail.html).toContain("/email-confirmed?token_hash=")
  })

  it("confirms the email through the outbox link and signs the user in", async () => {
    const email = uniqueEmail("confirm")
    const client = app.client()
    await client.auth.signUp({ email, password: "secret-123" })
    const link = linkOf(await lastMailTo(app, email))
    const { data, error } = await client.auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash")!,
      type: "email",
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    const signIn = await app.client().auth.signInWithPassword({ email, password: "secret-123" })
    expect(signIn.error).toBeNull()
    // A confirmation link works once.
    const again = await app.client().auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash")!,
      type: "email",
    })
    expect(again.error?.code).toBe("otp_expired")
  })

  it("answers an already confirmed email with a fake user without identities and sends nothing", async () => {
    const account = await createConfirmedAccount(app, "taken")
    const before = await mailsTo(app, account.email)
    const { data, error } = await app.client().auth.signUp({
      email: account.email,
      password: "another-password",
    })
    expect(error).toBeNull()
    expect(data.user?.identities).toEqual([])
    expect(data.user?.role).toBe("")
    const real = await app.client().auth.signInWithPassword(account)
    expect(data.user?.id).not.toBe(real.data.user?.id)
    expect(await mailsTo(app, account.email)).toHaveLength(before.length)
    // The original password still works; the second sign-up changed nothing.
    expect(real.error).toBeNull()
  })

  it("resends the confirmation to an existing unconfirmed email and keeps the first sign-up's password", async () => {
    const email = uniqueEmail("again")
    const victim = await app.client().auth.signUp({
      email,
      password: "victim-secret-1",
      options: { data: { company_name: "Victim GmbH" } },
    })
    const attacker = await app.client().auth.signUp({
      email,
      password: "attacker-secret-2",
      options: { data: { company_name: "Attacker Ltd" } },
    })
    // Answered like a new sign-up, revealing neither the account nor its owner's data.
    expect(attacker.error).toBeNull()
    expect(attacker.data.user?.identities).toHaveLength(1)
    expect(attacker.data.user?.id).not.toBe(victim.data.user?.id)
    expect(attacker.data.user?.user_metadata).toEqual({ company_name: "Attacker Ltd" })
    const mails = await mailsTo(app, email)
    expect(mails).toHaveLength(2)

    const resent = linkOf(mails[0]!)
    const confirmed = await app.client().auth.verifyOtp({
      token_hash: resent.searchParams.get("token_hash")!,
      type: "email",
    })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user?.id).toBe(victim.data.user?.id)
    expect(confirmed.data.user?.user_metadata).toMatchObject({ company_name: "Victim GmbH" })
    const asAttacker = await app
      .client()
      .auth.signInWithPassword({ email, password: "attacker-secret-2" })
    expect(asAttacker.error?.code).toBe("invalid_credentials")
    const asVictim = await app
      .client()
      .auth.signInWithPassword({ email, password: "victim-secret-1" })
    expect(asVictim.error).toBeNull()
  })

  it("refuses a password shorter than 6 characters with 422 weak_password", async () => {
    const { data, error } = await app
      .client()
      .auth.signUp({ email: uniqueEmail("weak"), password: "12345" })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe("weak_password")
    expect(error?.name).toBe("AuthWeakPasswordError")
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(["length"])
    expect(error?.message).toBe("Password should be at least 6 characters.")
  })

  it("refuses an invalid email with 400 validation_failed", async () => {
    const { error } = await app
      .client()
      .auth.signUp({ email: "not-an-email", password: "secret-123" })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe("validation_failed")
    expect(error?.message).toMatch(/email/i)
  })

  it("renders errors with both codes, both messages and the version headers", async () => {
    const res = await authFetch(app, "/signup", { body: { email: "nope", password: "secret-123" } })
    expect(res.status).toBe(400)
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01")
    expect(res.headers.get("x-sb-error-code")).toBe("validation_failed")
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ code: "validation_failed", error_code: "validation_failed" })
    expect(body.msg).toBe(body.message)
  })

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await authFetch(app, "/signup", { body: "{not json" })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe("bad_json")
    const array = await authFetch(app, "/signup", { body: "[1,2]" })
    expect(array.status).toBe(400)
  })

  it("creates the public.users row (company name, 0 credits) and the end_users row", async () => {
    const email = uniqueEmail("Trigger").toUpperCase()
    const { data } = await app.client().auth.signUp({
      email,
      password: "secret-123",
      options: { data: { company_name: "Trigger Ltd" } },
    })
    const db = app.deps.database.db
    const users = await sql<{ name: string; credits: number }>`
      select name, credits from public.users where id = ${data.user!.id}::uuid`.execute(db)
    expect(users.rows).toEqual([{ name: "Trigger Ltd", credits: 0 }])
    const endUsers = await sql<{ email: string }>`
      select email from public.end_users where user_id = ${data.user!.id}::uuid`.execute(db)
    expect(endUsers.rows).toEqual([{ email: email.toLowerCase() }])
  })

  it("stores the password as an argon2id hash", async () => {
    const email = uniqueEmail("hash")
    const { data } = await app.client().auth.signUp({ email, password: "secret-123" })
    const { rows } = await sql<{ encrypted_password: string }>`
      select encrypted_password from auth.users where id = ${data.user!.id}::uuid`.execute(
      app.deps.database.db,
    )
    expect(rows[0]!.encrypted_password).toMatch(/^\$argon2id\$/)
  })

  it("lands the confirmation on an accepted redirect_to and ignores a foreign one", async () => {
    const email = uniqueEmail("redirect")
    await app.client().auth.signUp({
      email,
      password: "secret-123",
      options: { emailRedirectTo: `${app.url}/email-confirmed?from=signup` },
    })
    const accepted = linkOf(await lastMailTo(app, email))
    expect(accepted.searchParams.get("from")).toBe("signup")
    const other = uniqueEmail("foreign")
    await app.client().auth.signUp({
      email: other,
      password: "secret-123",
      options: { emailRedirectTo: "https://evil.example/email-confirmed" },
    })
    const fallback = linkOf(await lastMailTo(app, other))
    expect(fallback.origin).toBe(app.url)
    expect(fallback.pathname).toBe("/email-confirmed")
  })
})

describe("POST /auth/v1/signup with DISABLE_SIGNUP", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp({ DISABLE_SIGNUP: "true" })
  })
  afterAll(() => app.close())

  it("refuses sign-ups with 422 signup_disabled and says so in /settings", async () => {
    const { error } = await app
      .client()
      .auth.signUp({ email: uniqueEmail(), password: "secret-123" })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe("signup_disabled")
    const settings = await (await app.fetch("/auth/v1/settings")).json()
    expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false })
  })
})
