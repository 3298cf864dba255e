import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"

import type { TestApp } from "../testing/test-app"
import { REUSE_INTERVAL_MS, REVOKED_RETENTION_MS } from "./refresh"
import {
  type Account,
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  signedInClient,
  uniqueEmail,
} from "./test-kit"

type Session = {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
}

describe("POST /auth/v1/token", () => {
  let app: TestApp
  let account: Account
  beforeAll(async () => {
    app = await createAuthTestApp()
    account = await createConfirmedAccount(app, "token")
  })
  afterAll(() => app.close())

  const refresh = (refresh_token: string) =>
    authFetch(app, "/token?grant_type=refresh_token", { body: { refresh_token } })

  it("signs in with the password and returns a session supabase-js keeps", async () => {
    const client = app.client()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await client.auth.signInWithPassword(account)
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600 })
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(data.user).toMatchObject({ email: account.email })
    expect(data.user!.last_sign_in_at).toBeTruthy()
    expect((await client.auth.getSession()).data.session?.access_token).toBe(
      data.session!.access_token,
    )
    expect(events).toContain("SIGNED_IN")
  })

  it("issues access tokens with exactly Supabase's claims", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const claims = await app.deps.jwt.verify(data.session!.access_token, app.deps.clock())
    expect(Object.keys(claims).sort()).toEqual(
      [
        "aal",
        "amr",
        "app_metadata",
        "aud",
        "email",
        "exp",
        "iat",
        "is_anonymous",
        "iss",
        "phone",
        "role",
        "session_id",
        "sub",
        "user_metadata",
      ].sort(),
    )
    expect(claims).toMatchObject({
      iss: `${app.url}/auth/v1`,
      sub: data.user!.id,
      aud: "authenticated",
      role: "authenticated",
      aal: "aal1",
      email: account.email,
      phone: "",
      is_anonymous: false,
      user_metadata: { company_name: account.company },
      app_metadata: { provider: "email", providers: ["email"] },
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }])
  })

  it("refuses a wrong password with 400 invalid_credentials", async () => {
    const { error } = await app
      .client()
      .auth.signInWithPassword({ email: account.email, password: "wrong password" })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe("invalid_credentials")
    expect(error?.message).toBe("Invalid login credentials")
  })

  it("refuses an unknown email exactly like a wrong password", async () => {
    const { error } = await app
      .client()
      .auth.signInWithPassword({ email: uniqueEmail("ghost"), password: "whatever-1" })
    expect(error?.code).toBe("invalid_credentials")
  })

  it("refuses an unconfirmed account with email_not_confirmed, but only with the right password", async () => {
    const email = uniqueEmail("pending")
    await app.client().auth.signUp({ email, password: "secret-123" })
    const right = await app.client().auth.signInWithPassword({ email, password: "secret-123" })
    expect(right.error?.status).toBe(400)
    expect(right.error?.code).toBe("email_not_confirmed")
    expect(right.error?.message).toBe("Email not confirmed")
    const wrong = await app.client().auth.signInWithPassword({ email, password: "secret-999" })
    expect(wrong.error?.code).toBe("invalid_credentials")
  })

  it("refreshes the session with a new refresh token (TOKEN_REFRESHED)", async () => {
    const client = await signedInClient(app, account)
    const first = (await client.auth.getSession()).data.session!
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session!.refresh_token).not.toBe(first.refresh_token)
    expect(data.user?.id).toBe(first.user.id)
    expect(events).toContain("TOKEN_REFRESHED")
    const firstClaims = await app.deps.jwt.verify(first.access_token, app.deps.clock())
    const nextClaims = await app.deps.jwt.verify(data.session!.access_token, app.deps.clock())
    expect(nextClaims.session_id).toBe(firstClaims.session_id)
    expect((await client.auth.getUser()).error).toBeNull()
  })

  it("hands the active token back when its already-rotated parent is presented again", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const parent = data.session!.refresh_token
    const child = ((await (await refresh(parent)).json()) as Session).refresh_token
    app.advanceClock(REUSE_INTERVAL_MS * 3)
    const res = await refresh(parent)
    expect(res.status).toBe(200)
    expect(((await res.json()) as Session).refresh_token).toBe(child)
    // ...and the child still works.
    expect((await refresh(child)).status).toBe(200)
  })

  it("gives two concurrent refreshes of one token the same new token", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const [a, b] = await Promise.all([
      refresh(data.session!.refresh_token),
      refresh(data.session!.refresh_token),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const [first, second] = [(await a.json()) as Session, (await b.json()) as Session]
    expect(first.refresh_token).toBe(second.refresh_token)
    expect(first.refresh_token).not.toBe(data.session!.refresh_token)
  })

  it("issues another child when a revoked token is reused within 10 seconds", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const t0 = data.session!.refresh_token
    const t1 = ((await (await refresh(t0)).json()) as Session).refresh_token
    const t2 = ((await (await refresh(t1)).json()) as Session).refresh_token
    app.advanceClock(REUSE_INTERVAL_MS / 2)
    const res = await refresh(t0)
    expect(res.status).toBe(200)
    const t3 = ((await res.json()) as Session).refresh_token
    expect([t0, t1, t2]).not.toContain(t3)
    expect((await refresh(t2)).status).toBe(200)
  })

  it("revokes the whole session when an old refresh token is reused later", async () => {
    const client = await signedInClient(app, account)
    const session = (await client.auth.getSession()).data.session!
    const t0 = session.refresh_token
    const t1 = ((await (await refresh(t0)).json()) as Session).refresh_token
    const t2 = (await (await refresh(t1)).json()) as Session
    app.advanceClock(REUSE_INTERVAL_MS + 1000)

    const reused = await refresh(t0)
    expect(reused.status).toBe(400)
    expect(((await reused.json()) as { code: string }).code).toBe("refresh_token_already_used")
    // Every token and access token of that session is dead now.
    const latest = await refresh(t2.refresh_token)
    expect(((await latest.json()) as { code: string }).code).toBe("refresh_token_not_found")
    const { error } = await client.auth.getUser(t2.access_token)
    expect(error?.name).toBe("AuthSessionMissingError")
    // Other sessions of the user are untouched.
    expect((await app.client().auth.signInWithPassword(account)).error).toBeNull()
  })

  it("forgets tokens revoked over a day ago without breaking the session's active token", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const t0 = data.session!.refresh_token
    const t1 = ((await (await refresh(t0)).json()) as Session).refresh_token
    app.advanceClock(REVOKED_RETENTION_MS + 60_000)
    const t2 = ((await (await refresh(t1)).json()) as Session).refresh_token
    const forgotten = await refresh(t0)
    expect(((await forgotten.json()) as { code: string }).code).toBe("refresh_token_not_found")
    expect((await refresh(t2)).status).toBe(200)
  })

  it("refuses an unknown refresh token with 400 refresh_token_not_found", async () => {
    const res = await refresh("not-a-real-token")
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe("refresh_token_not_found")
  })

  it("refuses a missing refresh token and an unknown grant type with 400", async () => {
    const missing = await authFetch(app, "/token?grant_type=refresh_token", { body: {} })
    expect(missing.status).toBe(400)
    const unknown = await authFetch(app, "/token?grant_type=magic", { body: {} })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { code: string }).code).toBe("validation_failed")
  })

  it("opens a session from an access and a refresh token with setSession", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    const client = app.client()
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))
    const set = await client.auth.setSession({
      access_token: data.session!.access_token,
      refresh_token: data.session!.refresh_token,
    })
    expect(set.error).toBeNull()
    expect(set.data.user?.email).toBe(account.email)
    expect(events).toContain("SIGNED_IN")
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user!.id)
  })

  it("refreshes in setSession when the access token has expired", async () => {
    const { data } = await app.client().auth.signInWithPassword(account)
    // The client judges expiry by its own clock: move the time of the whole process (server too).
    vi.useFakeTimers({ toFake: ["Date"] })
    try {
      vi.setSystemTime(app.deps.clock().getTime() + 2 * 3600 * 1000)
      const client = app.client()
      const set = await client.auth.setSession({
        access_token: data.session!.access_token,
        refresh_token: data.session!.refresh_token,
      })
      expect(set.error).toBeNull()
      expect(set.data.session!.refresh_token).not.toBe(data.session!.refresh_token)
      expect((await client.auth.getUser()).error).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
