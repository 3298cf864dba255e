import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  lastMailTo,
  linkOf,
  signedInClient,
  uniqueEmail,
} from "./test-kit"

describe("POST /auth/v1/invite", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  const admin = () => app.client(app.deps.keys.serviceRole).auth.admin

  it("invites with the service-role key; the link lands on /set-password with the session in query and fragment", async () => {
    const email = uniqueEmail("invitee")
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { company_name: "Invited AG" },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, user_metadata: { company_name: "Invited AG" } })
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const mail = await lastMailTo(app, email)
    expect(mail.subject).toMatch(/invited/i)
    const link = linkOf(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${app.url}/auth/v1/verify`)
    expect(link.searchParams.get("type")).toBe("invite")
    expect(link.searchParams.get("redirect_to")).toBe(`${app.url}/set-password`)

    const res = await fetch(link, { redirect: "manual" })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${app.url}/set-password`)
    const query = location.searchParams
    const hash = new URLSearchParams(location.hash.slice(1))
    for (const params of [query, hash]) {
      expect(params.get("type")).toBe("invite")
      expect(params.get("expires_in")).toBe("3600")
      expect(params.get("access_token")).toBeTruthy()
      expect(params.get("refresh_token")).toBeTruthy()
    }
    expect(hash.get("access_token")).toBe(query.get("access_token"))

    // What /set-password does: open the session from the query, then set the password.
    const client = app.client()
    const set = await client.auth.setSession({
      access_token: query.get("access_token")!,
      refresh_token: query.get("refresh_token")!,
    })
    expect(set.error).toBeNull()
    expect(set.data.user?.email_confirmed_at).toBeTruthy()
    expect((await client.auth.updateUser({ password: "invited-secret" })).error).toBeNull()
    const signIn = await app.client().auth.signInWithPassword({ email, password: "invited-secret" })
    expect(signIn.error).toBeNull()

    const { rows } = await sql<{ name: string; credits: number }>`select name, credits
      from public.users where id = ${data.user!.id}::uuid`.execute(app.deps.database.db)
    expect(rows).toEqual([{ name: "Invited AG", credits: 0 }])
  })

  it("refuses the anon key and a user's token with 403 not_admin, and no token with 401", async () => {
    const anon = await app.client().auth.admin.inviteUserByEmail(uniqueEmail("x"))
    expect(anon.error?.status).toBe(403)
    expect(anon.error?.code).toBe("not_admin")
    const account = await createConfirmedAccount(app, "notadmin")
    const user = await signedInClient(app, account)
    const token = (await user.auth.getSession()).data.session!.access_token
    const res = await authFetch(app, "/invite", { body: { email: uniqueEmail("y") }, token })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { code: string }).code).toBe("not_admin")
    const none = await app.fetch("/auth/v1/invite", {
      method: "POST",
      body: JSON.stringify({ email: uniqueEmail("z") }),
    })
    expect(none.status).toBe(401)
  })

  it("refuses a confirmed email with 422 email_exists", async () => {
    const account = await createConfirmedAccount(app, "already")
    const { error } = await admin().inviteUserByEmail(account.email)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe("email_exists")
  })

  it("makes sign-up of an invited email answer as already registered", async () => {
    const email = uniqueEmail("invitedsignup")
    await admin().inviteUserByEmail(email)
    const { data } = await app.client().auth.signUp({ email, password: "secret-123" })
    expect(data.user?.identities).toEqual([])
  })

  it("re-invites an unconfirmed sign-up and drops the password it was registered with", async () => {
    const email = uniqueEmail("preregistered")
    await app.client().auth.signUp({ email, password: "squatter-pass" })
    const { error } = await admin().inviteUserByEmail(email)
    expect(error).toBeNull()
    await fetch(linkOf(await lastMailTo(app, email)), { redirect: "manual" })
    const signIn = await app.client().auth.signInWithPassword({ email, password: "squatter-pass" })
    expect(signIn.error?.code).toBe("invalid_credentials")
  })
})
