import type { SupabaseClient } from "@supabase/supabase-js"
import { decodeJwt } from "jose"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { codeAt, enableTwoFactor, wrongCode } from "./mfa-test-kit"
import { STEP_UP_WINDOW_MS } from "./mfa-unenroll"
import {
  authFetch,
  createAuthTestApp,
  createConfirmedAccount,
  mailsTo,
  signedInClient,
} from "./test-kit"

let app: TestApp
beforeAll(async () => {
  app = await createAuthTestApp()
})
afterAll(() => app.close())

const db = () => app.deps.database.db
const tokenOf = async (client: SupabaseClient) =>
  (await client.auth.getSession()).data.session!.access_token

/** An account with two-factor on, a fresh set of codes, and a second, password-only session. */
async function accountWithCodes(tag: string) {
  const account = await createConfirmedAccount(app, tag)
  const strong = await signedInClient(app, account)
  const factor = await enableTwoFactor(strong)
  const res = await authFetch(app, "/recovery-codes", { body: {}, token: await tokenOf(strong) })
  expect(res.status).toBe(200)
  const { codes } = (await res.json()) as { codes: string[] }
  const weak = await signedInClient(app, account)
  return { account, strong, weak, factor, codes }
}

const useCode = async (client: SupabaseClient, code: string) =>
  authFetch(app, "/recovery-codes/verify", { body: { code }, token: await tokenOf(client) })

const status = async (client: SupabaseClient) => {
  const res = await authFetch(app, "/recovery-codes", { token: await tokenOf(client) })
  expect(res.status).toBe(200)
  return (await res.json()) as { remaining: number; total: number }
}

describe("recovery codes (POST /auth/v1/recovery-codes)", () => {
  it("hands out ten distinct codes and keeps only keyed hashes of them", async () => {
    const { account, codes } = await accountWithCodes("gen")
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const { rows } = await sql<Record<string, unknown>>`select c.* from auth.mfa_recovery_codes c
      join auth.users u on u.id = c.user_id where u.email = ${account.email}`.execute(db())
    expect(rows).toHaveLength(10)
    const stored = JSON.stringify(rows)
    for (const code of codes) {
      expect(stored).not.toContain(code)
      expect(stored).not.toContain(code.replace("-", ""))
    }
  })

  it("refuses an account without two-factor, a password-only session and no token", async () => {
    const account = await createConfirmedAccount(app, "nofactor")
    const plain = await signedInClient(app, account)
    const none = await authFetch(app, "/recovery-codes", { body: {}, token: await tokenOf(plain) })
    expect(none.status).toBe(403)
    const { weak } = await accountWithCodes("weakgen")
    const refused = await authFetch(app, "/recovery-codes", {
      body: {},
      token: await tokenOf(weak),
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error_code: "insufficient_aal" })
    expect((await authFetch(app, "/recovery-codes", { body: {} })).status).toBe(403)
  })

  it("voids the old set when a new one is made", async () => {
    const { strong, weak, codes } = await accountWithCodes("regen")
    const res = await authFetch(app, "/recovery-codes", { body: {}, token: await tokenOf(strong) })
    const fresh = ((await res.json()) as { codes: string[] }).codes
    expect(fresh.some((code) => codes.includes(code))).toBe(false)
    expect((await useCode(weak, codes[0]!)).status).toBe(422)
    expect((await useCode(weak, fresh[0]!)).status).toBe(200)
  })
})

describe("signing in with a recovery code (POST /auth/v1/recovery-codes/verify)", () => {
  it("raises the session to aal2 like a TOTP code and leaves one code fewer", async () => {
    const { weak, codes } = await accountWithCodes("use")
    // Case, spaces and the dash do not matter.
    const res = await useCode(weak, ` ${codes[3]!.toUpperCase().replace("-", " ")} `)
    expect(res.status).toBe(200)
    const session = (await res.json()) as { access_token: string; refresh_token: string }
    expect(decodeJwt(session.access_token)).toMatchObject({ aal: "aal2" })
    expect((decodeJwt(session.access_token).amr as { method: string }[])[0]!.method).toBe(
      "recovery_code",
    )
    await weak.auth.setSession(session)
    const aal = await weak.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: "aal2" })
    expect(await status(weak)).toEqual(expect.objectContaining({ remaining: 9, total: 10 }))
  })

  it("accepts each code once", async () => {
    const { account, weak, codes } = await accountWithCodes("once")
    expect((await useCode(weak, codes[0]!)).status).toBe(200)
    const again = await signedInClient(app, account)
    const res = await useCode(again, codes[0]!)
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      error_code: "mfa_verification_failed",
      msg: "This recovery code is not valid or has already been used",
    })
  })

  it("lets exactly one of two simultaneous uses of a code succeed", async () => {
    const { account, weak, codes } = await accountWithCodes("race")
    const results = await Promise.all([useCode(weak, codes[1]!), useCode(weak, codes[1]!)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 422])
    const { rows } = await sql<{ n: string }>`select count(*) as n from auth.mfa_recovery_codes c
      join auth.users u on u.id = c.user_id
      where u.email = ${account.email} and c.used_at is not null`.execute(db())
    expect(Number(rows[0]!.n)).toBe(1)
  })

  it("refuses a wrong code, bad input and an account without two-factor with 4xx", async () => {
    const { weak } = await accountWithCodes("wrong")
    expect((await useCode(weak, "aaaaa-aaaaa")).status).toBe(422)
    const empty = await useCode(weak, "   ")
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ msg: "Enter a recovery code" })
    const notString = await authFetch(app, "/recovery-codes/verify", {
      body: { code: 12345 },
      token: await tokenOf(weak),
    })
    expect(notString.status).toBe(400)
    const plain = await signedInClient(app, await createConfirmedAccount(app, "plain"))
    expect((await useCode(plain, "aaaaa-aaaaa")).status).toBe(422)
    expect((await authFetch(app, "/recovery-codes/verify", { body: { code: "x" } })).status).toBe(
      403,
    )
  })

  it("counts guesses with authenticator codes against one per-user limit", async () => {
    const { weak, codes, factor } = await accountWithCodes("limit")
    for (let i = 0; i < 5; i += 1) expect((await useCode(weak, "bbbbb-bbbbb")).status).toBe(422)
    // Turning two-factor on was the first of ten attempts this minute.
    for (let i = 0; i < 4; i += 1) {
      const { error } = await weak.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: wrongCode(factor.secret),
      })
      expect(error?.code).toBe("mfa_verification_failed")
    }
    const limited = await useCode(weak, codes[0]!)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ error_code: "over_request_rate_limit" })
  })

  it("records each use in the company's activity log and emails the person once", async () => {
    const { account, weak, codes } = await accountWithCodes("audit")
    expect((await useCode(weak, codes[0]!)).status).toBe(200)
    const { rows } = await sql<{ action: string; details: { remaining: number } }>`
      select action, details from public.audit_events
      where actor_email = ${account.email} and action like 'two_factor.recovery%'
      order by id`.execute(db())
    expect(rows).toEqual([
      expect.objectContaining({ action: "two_factor.recovery_codes_created" }),
      { action: "two_factor.recovery_code_used", details: { remaining: 9 } },
    ])
    const mails = (await mailsTo(app, account.email)).filter((m) =>
      m.subject.startsWith("A recovery code was used"),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain("9 recovery codes are left")
    expect(mails[0]!.text).toContain("If this was not you, reset your password now")
    expect(mails[0]!.text).toContain("/forgot-password")
  })
})

describe("turning two-factor off needs a current code", () => {
  it("refuses a session whose last code is older than ten minutes, then accepts a fresh one", async () => {
    const { strong, factor, codes } = await accountWithCodes("stepup")
    app.advanceClock(STEP_UP_WINDOW_MS + 60_000)
    try {
      const refused = await strong.auth.mfa.unenroll({ factorId: factor.id })
      expect(refused.error).toMatchObject({ status: 403, code: "reauthentication_needed" })
      const res = await useCode(strong, codes[0]!)
      expect(res.status).toBe(200)
      await strong.auth.setSession((await res.json()) as never)
      expect((await strong.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    } finally {
      app.advanceClock(-(STEP_UP_WINDOW_MS + 60_000))
    }
  })

  it("drops the recovery codes with the last factor", async () => {
    const { account, strong, factor } = await accountWithCodes("drop")
    expect((await strong.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    const { rows } = await sql`select 1 from auth.mfa_recovery_codes c
      join auth.users u on u.id = c.user_id where u.email = ${account.email}`.execute(db())
    expect(rows).toHaveLength(0)
  })
})

describe("security emails", () => {
  const subjects = async (email: string) => (await mailsTo(app, email)).map((m) => m.subject)

  it("tells the person once each when two-factor is turned on and off", async () => {
    const { account, strong, factor } = await accountWithCodes("onoff")
    // A second verify of the same factor (at a later sign-in) is not "turned on" again.
    const { error } = await strong.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeAt(factor.secret, Date.now() + 30_000),
    })
    expect(error).toBeNull()
    expect((await strong.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
    const all = await subjects(account.email)
    const on = all.filter((s) => s === "Two-factor authentication is on for your Nativ account")
    const off = all.filter((s) => s === "Two-factor authentication is off for your Nativ account")
    expect(on).toHaveLength(1)
    expect(off).toHaveLength(1)
    const mail = (await mailsTo(app, account.email))[0]!
    expect(mail.text).toMatch(/turned off for your Nativ account on .+ UTC\./)
    expect(mail.text).toContain("If this was not you")
  })

  it("tells the person once when the password changes", async () => {
    const account = await createConfirmedAccount(app, "pwchange")
    const client = await signedInClient(app, account)
    expect((await client.auth.updateUser({ password: "a brand new secret 9" })).error).toBeNull()
    // Changing only the metadata is not a password change.
    expect((await client.auth.updateUser({ data: { theme: "dark" } })).error).toBeNull()
    const changed = (await subjects(account.email)).filter(
      (s) => s === "Your Nativ password was changed",
    )
    expect(changed).toHaveLength(1)
    const mail = (await mailsTo(app, account.email))[0]!
    expect(mail.text).toContain("Reset your password:")
  })
})
