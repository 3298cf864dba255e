import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  authFetch,
  codeOf,
  createAuthTestApp,
  lastMailTo,
  linkOf,
  mailsTo,
  uniqueEmail,
} from "./test-kit"

describe("POST /auth/v1/otp", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  it("creates the account and mails a magic link that signs in and confirms the email", async () => {
    const email = uniqueEmail("magic")
    const { error } = await app.client().auth.signInWithOtp({
      email,
      options: { data: { company_name: "Magic Co" }, emailRedirectTo: `${app.url}/welcome` },
    })
    expect(error).toBeNull()
    const mail = await lastMailTo(app, email)
    expect(mail.subject).toMatch(/sign-in link/i)
    const link = linkOf(mail)
    expect(link.searchParams.get("type")).toBe("magiclink")

    const res = await fetch(link, { redirect: "manual" })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get("location")!)
    expect(location.pathname).toBe("/welcome")
    const hash = new URLSearchParams(location.hash.slice(1))
    const { data } = await app.client().auth.getUser(hash.get("access_token")!)
    expect(data.user).toMatchObject({ email, user_metadata: { company_name: "Magic Co" } })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    const { rows } = await sql<{ name: string }>`select name from public.users
      where id = ${data.user!.id}::uuid`.execute(app.deps.database.db)
    expect(rows[0]?.name).toBe("Magic Co")
  })

  it("signs in with the emailed six-digit code", async () => {
    const email = uniqueEmail("code")
    await app.client().auth.signInWithOtp({ email })
    const code = codeOf(await lastMailTo(app, email))
    const client = app.client()
    const wrong = await client.auth.verifyOtp({
      email,
      token: code === "000000" ? "111111" : "000000",
      type: "email",
    })
    expect(wrong.error?.status).toBe(403)
    expect(wrong.error?.code).toBe("otp_expired")
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: "email" })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect((await client.auth.getUser()).error).toBeNull()
  })

  it("answers an unknown and a registered email alike when create_user is false, mailing only the registered one", async () => {
    const registered = uniqueEmail("known")
    await app.client().auth.signUp({ email: registered, password: "secret-123" })
    const unknown = uniqueEmail("nocreate")
    const ask = (email: string) => authFetch(app, "/otp", { body: { email, create_user: false } })
    const [known, stranger] = [await ask(registered), await ask(unknown)]
    expect([known.status, stranger.status]).toEqual([200, 200])
    expect(await stranger.json()).toEqual(await known.json())
    expect((await lastMailTo(app, registered)).subject).toMatch(/sign-in link/i)
    expect(await mailsTo(app, unknown)).toEqual([])
    const { rows } = await sql`select 1 from auth.users where email = ${unknown}`.execute(
      app.deps.database.db,
    )
    expect(rows).toEqual([])
    const viaClient = await app
      .client()
      .auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } })
    expect(viaClient.error).toBeNull()
  })

  it("drops a password set before the email was proven when a magic link confirms it", async () => {
    const email = uniqueEmail("squatter")
    await app.client().auth.signUp({ email, password: "squatter-pass" })
    await app.client().auth.signInWithOtp({ email })
    const link = linkOf(await lastMailTo(app, email))
    expect((await fetch(link, { redirect: "manual" })).status).toBe(303)
    const { error } = await app
      .client()
      .auth.signInWithPassword({ email, password: "squatter-pass" })
    expect(error?.code).toBe("invalid_credentials")
  })
})

describe("POST /auth/v1/otp with DISABLE_SIGNUP", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp({ DISABLE_SIGNUP: "true" })
  })
  afterAll(() => app.close())

  it("answers an unknown email like a registered one and creates nothing", async () => {
    const email = uniqueEmail("closed")
    const { error } = await app.client().auth.signInWithOtp({ email })
    expect(error).toBeNull()
    expect(await mailsTo(app, email)).toEqual([])
    const { rows } = await sql`select 1 from auth.users where email = ${email}`.execute(
      app.deps.database.db,
    )
    expect(rows).toEqual([])
  })
})
