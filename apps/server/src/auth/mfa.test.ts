import { decodeJwt } from "jose"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { codeAt, enableTwoFactor, enrolTotp, wrongCode } from "./mfa-test-kit"
import { authFetch, createAuthTestApp, createConfirmedAccount, signedInClient } from "./test-kit"

let app: TestApp
beforeAll(async () => {
  app = await createAuthTestApp()
})
afterAll(() => app.close())

const db = () => app.deps.database.db
const newClient = async (tag: string) => {
  const account = await createConfirmedAccount(app, tag)
  return { account, client: await signedInClient(app, account) }
}
const accessToken = async (client: Awaited<ReturnType<typeof signedInClient>>) =>
  (await client.auth.getSession()).data.session!.access_token

describe("two-factor enrolment (POST /auth/v1/factors)", () => {
  it("hands out a TOTP secret, its otpauth URI and an SVG QR code, once", async () => {
    const { account, client } = await newClient("enrol")
    const { data } = await enrolTotp(client, "My phone")
    expect(data.friendly_name).toBe("My phone")
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(data.totp.uri).toMatch(/^otpauth:\/\/totp\//)
    expect(data.totp.uri).toContain(`secret=${data.totp.secret}`)
    expect(data.totp.uri).toContain(encodeURIComponent(account.email))
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /)
  })

  it("lists the new factor as unverified until a code confirms it", async () => {
    const { client } = await newClient("unverified")
    const { id } = await enrolTotp(client)
    const { data } = await client.auth.mfa.listFactors()
    expect(data?.all).toEqual([expect.objectContaining({ id, status: "unverified" })])
    expect(data?.totp).toEqual([])
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" })
  })

  it("keeps the secret encrypted in the database", async () => {
    const { client } = await newClient("atrest")
    const { id, secret } = await enrolTotp(client)
    const { rows } = await sql<{ secret: string }>`select secret from auth.mfa_factors
      where id = ${id}::uuid`.execute(db())
    expect(rows[0]!.secret).not.toContain(secret)
    expect(rows[0]!.secret.split(".")).toHaveLength(3)
  })

  it("is not reachable through the REST API", async () => {
    const { client } = await newClient("rest")
    await enrolTotp(client)
    const { data, error } = await client.schema("auth").from("mfa_factors").select("*")
    expect(data).toBeNull()
    expect(error).not.toBeNull()
    const plain = await client.from("mfa_factors").select("*")
    expect(plain.data).toBeNull()
  })

  it("refuses an eleventh factor with 422 too_many_enrolled_mfa_factors", async () => {
    const { client } = await newClient("toomany")
    for (let i = 1; i <= 10; i += 1) await enrolTotp(client, `Device ${i}`)
    const { error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Eleven" })
    expect(error).toMatchObject({ status: 422, code: "too_many_enrolled_mfa_factors" })
  })

  it("replaces an unverified enrolment of the same name, so enrolling again works", async () => {
    const { client } = await newClient("again")
    const first = await enrolTotp(client, "Phone")
    const second = await enrolTotp(client, "Phone")
    expect(second.id).not.toBe(first.id)
    const { data } = await client.auth.mfa.listFactors()
    expect(data?.all.map((f) => f.id)).toEqual([second.id])
  })
})

describe("challenge and verify (POST /auth/v1/factors/{id}/challenge, /verify)", () => {
  it("raises the session to aal2 with a code from the authenticator", async () => {
    const { client } = await newClient("verify")
    const { id, secret } = await enrolTotp(client)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => void events.push(event))

    const challenge = await client.auth.mfa.challenge({ factorId: id })
    expect(challenge.error).toBeNull()
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: "totp" })
    const expiresIn = challenge.data!.expires_at - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(290)
    expect(expiresIn).toBeLessThanOrEqual(300)

    const verified = await client.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.data!.id,
      code: codeAt(secret),
    })
    expect(verified.error).toBeNull()
    expect(events).toContain("MFA_CHALLENGE_VERIFIED")
    const claims = decodeJwt(verified.data!.access_token)
    expect(claims.aal).toBe("aal2")
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(["totp", "password"])
    expect(verified.data!.refresh_token).toBeTruthy()

    const factors = await client.auth.mfa.listFactors()
    expect(factors.data?.totp).toEqual([expect.objectContaining({ id, status: "verified" })])
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" })
  })

  it("keeps aal2 and the totp method when the session refreshes", async () => {
    const { client } = await newClient("refresh")
    await enableTwoFactor(client)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const claims = decodeJwt(data.session!.access_token)
    expect(claims.aal).toBe("aal2")
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toContain("totp")
  })

  it("signs in with a password at aal1 and asks for the second factor", async () => {
    const { account, client } = await newClient("nextlevel")
    await enableTwoFactor(client)
    const again = await signedInClient(app, account)
    const aal = await again.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" })
    const token = await accessToken(again)
    const viaServer = await again.auth.mfa.getAuthenticatorAssuranceLevel(token)
    expect(viaServer.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" })
  })

  it("ends the user's other sessions still at aal1 once a factor is verified", async () => {
    const { account, client } = await newClient("others")
    const other = await signedInClient(app, account)
    await enableTwoFactor(client)
    const { error } = await other.auth.refreshSession()
    expect(error).not.toBeNull()
  })

  it("refuses a wrong code with 422 mfa_verification_failed and stays unverified", async () => {
    const { client } = await newClient("wrong")
    const { id, secret } = await enrolTotp(client)
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: id,
      code: wrongCode(secret),
    })
    expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" })
    expect(error?.message).toBe("Invalid TOTP code entered")
    const { data } = await client.auth.mfa.listFactors()
    expect(data?.totp).toEqual([])
  })

  it("refuses a code that was already used on the factor", async () => {
    const { account, client } = await newClient("replay")
    const { id, secret } = await enrolTotp(client)
    const code = codeAt(secret)
    expect((await client.auth.mfa.challengeAndVerify({ factorId: id, code })).error).toBeNull()
    const again = await signedInClient(app, account)
    const { error } = await again.auth.mfa.challengeAndVerify({ factorId: id, code })
    expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" })
  })

  it("uses each challenge once and refuses it after five minutes", async () => {
    const { client } = await newClient("expiry")
    const { id, secret } = await enrolTotp(client)
    const challenge = (await client.auth.mfa.challenge({ factorId: id })).data!
    await sql`update auth.mfa_challenges set created_at = created_at - interval '5 minutes 1 second'
      where id = ${challenge.id}::uuid`.execute(db())
    const late = await client.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.id,
      code: codeAt(secret),
    })
    expect(late.error).toMatchObject({ status: 422, code: "mfa_challenge_expired" })

    const fresh = (await client.auth.mfa.challenge({ factorId: id })).data!
    const params = { factorId: id, challengeId: fresh.id, code: codeAt(secret) }
    expect((await client.auth.mfa.verify(params)).error).toBeNull()
    const reused = await client.auth.mfa.verify({
      ...params,
      code: codeAt(secret, Date.now() + 30_000),
    })
    expect(reused.error).toMatchObject({ status: 422, code: "mfa_challenge_expired" })
  })

  it("forgets an enrolment left unverified for an hour", async () => {
    const { client } = await newClient("abandoned")
    const { id, secret } = await enrolTotp(client, "Old phone")
    const challenge = (await client.auth.mfa.challenge({ factorId: id })).data!
    await sql`update auth.mfa_factors set created_at = created_at - interval '61 minutes'
      where id = ${id}::uuid`.execute(db())
    const verify = await client.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.id,
      code: codeAt(secret),
    })
    expect(verify.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" })
    const challengeAgain = await client.auth.mfa.challenge({ factorId: id })
    expect(challengeAgain.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" })
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
    const renewed = await enrolTotp(client, "Old phone")
    expect(renewed.id).not.toBe(id)
  })

  it("answers 404 for a factor of another user or a malformed id", async () => {
    const { client } = await newClient("theirs")
    const { id } = await enrolTotp(client)
    const { client: stranger } = await newClient("stranger")
    const theirs = await stranger.auth.mfa.challenge({ factorId: id })
    expect(theirs.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" })
    const res = await authFetch(app, "/factors/not-a-uuid/challenge", {
      method: "POST",
      token: await accessToken(stranger),
      body: {},
    })
    expect(res.status).toBe(404)
  })

  it("limits verification attempts per user with 429 over_request_rate_limit", async () => {
    const { client } = await newClient("ratelimit")
    const { id, secret } = await enrolTotp(client)
    const challenge = (await client.auth.mfa.challenge({ factorId: id })).data!
    for (let i = 0; i < 10; i += 1) {
      const { error } = await client.auth.mfa.verify({
        factorId: id,
        challengeId: challenge.id,
        code: wrongCode(secret),
      })
      expect(error?.code).toBe("mfa_verification_failed")
    }
    const { error } = await client.auth.mfa.verify({
      factorId: id,
      challengeId: challenge.id,
      code: codeAt(secret),
    })
    expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" })
  })
})

describe("unenrolment (DELETE /auth/v1/factors/{id})", () => {
  it("needs an aal2 session to remove a verified factor", async () => {
    const { account, client } = await newClient("unenrol")
    const { id } = await enableTwoFactor(client)
    const aal1 = await signedInClient(app, account)
    const refused = await aal1.auth.mfa.unenroll({ factorId: id })
    expect(refused.error).toMatchObject({ status: 403, code: "insufficient_aal" })

    const removed = await client.auth.mfa.unenroll({ factorId: id })
    expect(removed.error).toBeNull()
    expect(removed.data).toEqual({ id })
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
    const refreshed = await client.auth.refreshSession()
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal1")
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" })
  })

  it("removes an unverified enrolment from an aal1 session", async () => {
    const { client } = await newClient("unenrolnew")
    const { id } = await enrolTotp(client)
    expect((await client.auth.mfa.unenroll({ factorId: id })).error).toBeNull()
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
  })

  it("asks for aal2 before a second factor is added", async () => {
    const { account, client } = await newClient("second")
    await enableTwoFactor(client)
    const aal1 = await signedInClient(app, account)
    const { error } = await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "Backup" })
    expect(error).toMatchObject({ status: 403, code: "insufficient_aal" })
    expect(
      (await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Backup" })).error,
    ).toBeNull()
  })
})
