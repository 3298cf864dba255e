import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { createJwt, type JwtClaims } from "../identity/jwt"
import {
  type Account,
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  signedInClient,
} from "./test-kit"

const errorCode = async (res: Response) => ((await res.json()) as { code: string }).code

let app: TestApp
beforeAll(async () => {
  app = await createAuthTestApp()
})
afterAll(() => app.close())

describe("GET /auth/v1/user and the access token checks", () => {
  let account: Account
  let session: { access_token: string; user: { id: string } }
  let claims: JwtClaims
  beforeAll(async () => {
    account = await createConfirmedAccount(app, "getuser")
    const client = await signedInClient(app, account)
    session = (await client.auth.getSession()).data.session!
    claims = await app.deps.jwt.verify(session.access_token, app.deps.clock())
  })

  const getUserWith = (token: string) => authFetch(app, "/user", { token })

  it("returns the signed-in user", async () => {
    const client = await signedInClient(app, account)
    const { data, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: session.user.id,
      email: account.email,
      user_metadata: { company_name: account.company },
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.identities).toHaveLength(1)
  })

  it("asks for a bearer token with 401 no_authorization", async () => {
    const res = await app.fetch("/auth/v1/user", { headers: { apikey: app.deps.keys.anon } })
    expect(res.status).toBe(401)
    expect(await errorCode(res)).toBe("no_authorization")
  })

  it("refuses the anon key as a user token with 403 bad_jwt", async () => {
    const res = await getUserWith(app.deps.keys.anon)
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("bad_jwt")
  })

  it("refuses a tampered token with 403 bad_jwt", async () => {
    const [header, payload, signature] = session.access_token.split(".")
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "x" }),
    ).toString("base64url")
    const res = await getUserWith(`${header}.${forged}.${signature}`)
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("bad_jwt")
    const { error } = await app.client().auth.getUser(`${header}.${forged}.${signature}`)
    expect(error?.code).toBe("bad_jwt")
  })

  it("refuses an expired token with 403 bad_jwt saying it is expired", async () => {
    const client = await signedInClient(app, account)
    const token = (await client.auth.getSession()).data.session!.access_token
    app.advanceClock(3601 * 1000)
    const res = await getUserWith(token)
    expect(res.status).toBe(403)
    const body = (await res.json()) as { code: string; msg: string }
    expect(body.code).toBe("bad_jwt")
    expect(body.msg).toMatch(/token is expired/)
  })

  it("refuses a token with alg none", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")
    const now = Math.floor(app.deps.clock().getTime() / 1000)
    const payload = Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + 600 })).toString(
      "base64url",
    )
    const res = await getUserWith(`${header}.${payload}.`)
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("bad_jwt")
  })

  it("refuses a token signed with another secret", async () => {
    const other = createJwt("another-secret-that-is-long-enough-for-hs256", claims.iss!)
    const { exp: _exp, iat: _iat, ...rest } = claims
    const res = await getUserWith(await other.sign(rest, 600, app.deps.clock()))
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("bad_jwt")
  })

  it("refuses a valid token of a user that does not exist with 403 user_not_found", async () => {
    const { exp: _exp, iat: _iat, ...rest } = claims
    const token = await app.deps.jwt.sign(
      { ...rest, sub: crypto.randomUUID() },
      600,
      app.deps.clock(),
    )
    const res = await getUserWith(token)
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("user_not_found")
  })

  it("refuses a valid token of an ended session with 403 session_not_found", async () => {
    const { exp: _exp, iat: _iat, ...rest } = claims
    const token = await app.deps.jwt.sign(
      { ...rest, session_id: crypto.randomUUID() },
      600,
      app.deps.clock(),
    )
    const res = await getUserWith(token)
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe("session_not_found")
    const { error } = await app.client().auth.getUser(token)
    expect(error?.name).toBe("AuthSessionMissingError")
  })
})

describe("PUT /auth/v1/user", () => {
  it("changes the password, ends the other sessions and keeps this one", async () => {
    const account = await createConfirmedAccount(app, "newpass")
    const other = await signedInClient(app, account)
    const otherRefreshToken = (await other.auth.getSession()).data.session!.refresh_token
    const client = await signedInClient(app, account)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))

    const { data, error } = await client.auth.updateUser({ password: "brand-new-secret" })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(account.email)
    expect(events).toContain("USER_UPDATED")

    expect((await client.auth.getUser()).error).toBeNull()
    const otherUser = await other.auth.getUser()
    expect(otherUser.error?.name).toBe("AuthSessionMissingError")
    const otherRefresh = await authFetch(app, "/token?grant_type=refresh_token", {
      body: { refresh_token: otherRefreshToken },
    })
    expect(((await otherRefresh.json()) as { code: string }).code).toBe("refresh_token_not_found")

    const old = await app.client().auth.signInWithPassword(account)
    expect(old.error?.code).toBe("invalid_credentials")
    const fresh = await app
      .client()
      .auth.signInWithPassword({ email: account.email, password: "brand-new-secret" })
    expect(fresh.error).toBeNull()
  })

  it("refuses the same password with 422 same_password", async () => {
    const account = await createConfirmedAccount(app, "samepass")
    const client = await signedInClient(app, account)
    const { error } = await client.auth.updateUser({ password: account.password })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe("same_password")
  })

  it("checks current_password: wrong is 400 current_password_invalid, right changes it", async () => {
    const account = await createConfirmedAccount(app, "currentpass")
    const client = await signedInClient(app, account)
    const wrong = await client.auth.updateUser({
      password: "brand-new-secret",
      current_password: "not my password",
    })
    expect(wrong.error).toMatchObject({ status: 400, code: "current_password_invalid" })
    expect(wrong.error?.message).toBe("Current password is incorrect")
    const stillOld = await app.client().auth.signInWithPassword(account)
    expect(stillOld.error).toBeNull()

    const sameAgain = await client.auth.updateUser({
      password: account.password,
      current_password: account.password,
    })
    expect(sameAgain.error).toMatchObject({ status: 422, code: "same_password" })

    const right = await client.auth.updateUser({
      password: "brand-new-secret",
      current_password: account.password,
    })
    expect(right.error).toBeNull()
    const fresh = await app
      .client()
      .auth.signInWithPassword({ email: account.email, password: "brand-new-secret" })
    expect(fresh.error).toBeNull()
  })

  it("refuses a weak new password with 422 weak_password", async () => {
    const account = await createConfirmedAccount(app, "weaknew")
    const client = await signedInClient(app, account)
    const { error } = await client.auth.updateUser({ password: "123" })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe("weak_password")
  })

  it("merges data into user_metadata and removes keys set to null", async () => {
    const account = await createConfirmedAccount(app, "meta")
    const client = await signedInClient(app, account)
    const { data, error } = await client.auth.updateUser({ data: { theme: "dark" } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toEqual({ company_name: account.company, theme: "dark" })
    const removed = await client.auth.updateUser({ data: { theme: null } })
    expect(removed.data.user?.user_metadata).toEqual({ company_name: account.company })
  })

  it("refuses an email change with 400 and without a bearer with 401", async () => {
    const account = await createConfirmedAccount(app, "emailchange")
    const client = await signedInClient(app, account)
    const { error } = await client.auth.updateUser({ email: "someone-else@example.test" })
    expect(error?.status).toBe(400)
    const res = await app.fetch("/auth/v1/user", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: "whatever-123" }),
    })
    expect(res.status).toBe(401)
  })
})
