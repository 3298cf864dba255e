import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import {
  type Account,
  authFetch,
  codeOf,
  createAuthTestApp,
  createConfirmedAccount,
  lastMailTo,
  linkOf,
} from "./test-kit"

/**
 * The six-digit code of a reset or magic-link email dies after 5 wrong guesses, counted per user
 * whatever address they come from; a new email's code works, and the email's link is unaffected.
 */
let app: TestApp
beforeAll(async () => {
  // Behind one trusted proxy: each guess below says which client address it comes from.
  app = await createAuthTestApp({ TRUST_PROXY: "1" })
})
afterAll(() => app.close())

type Flow = { name: string; send: string; type: "recovery" | "magiclink" | "email" }
const flows: Flow[] = [
  { name: "a reset email", send: "/recover", type: "recovery" },
  { name: "a magic-link email", send: "/otp", type: "magiclink" },
  { name: "a magic-link email verified as type email", send: "/otp", type: "email" },
]

async function sendEmail(account: Account, flow: Flow) {
  const res = await authFetch(app, flow.send, { body: { email: account.email } })
  expect(res.status).toBe(200)
  return lastMailTo(app, account.email)
}

const verifyCode = (account: Account, flow: Flow, token: string, clientIp = "203.0.113.1") =>
  authFetch(app, "/verify", {
    body: { email: account.email, token, type: flow.type },
    headers: { "X-Forwarded-For": clientIp },
  })

/** Six digits that are not `code`. */
const wrongCodes = (code: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
  )

async function expectRefused(res: Response) {
  expect(res.status).toBe(403)
  expect(await res.json()).toMatchObject({ error_code: "otp_expired" })
}

for (const flow of flows)
  describe(`the code of ${flow.name}`, () => {
    it("is refused after 5 wrong guesses, even when right; a new email's code works", async () => {
      const account = await createConfirmedAccount(app, "guess")
      const code = codeOf(await sendEmail(account, flow))
      for (const wrong of wrongCodes(code, 5))
        await expectRefused(await verifyCode(account, flow, wrong))
      await expectRefused(await verifyCode(account, flow, code))

      const fresh = codeOf(await sendEmail(account, flow))
      const res = await verifyCode(account, flow, fresh)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ access_token: expect.any(String) })
    })

    it("still works after 4 wrong guesses", async () => {
      const account = await createConfirmedAccount(app, "guess4")
      const code = codeOf(await sendEmail(account, flow))
      for (const wrong of wrongCodes(code, 4))
        await expectRefused(await verifyCode(account, flow, wrong))
      expect((await verifyCode(account, flow, code)).status).toBe(200)
    })
  })

describe("wrong guesses at an emailed code", () => {
  it("count per user across client addresses", async () => {
    const flow = flows[0]!
    const account = await createConfirmedAccount(app, "spread")
    const code = codeOf(await sendEmail(account, flow))
    const guesses = wrongCodes(code, 5)
    for (const [i, wrong] of guesses.entries())
      await expectRefused(await verifyCode(account, flow, wrong, `198.51.100.${i + 1}`))
    await expectRefused(await verifyCode(account, flow, code, "198.51.100.99"))
  })

  it("count for their own user only", async () => {
    const flow = flows[0]!
    const victim = await createConfirmedAccount(app, "victim")
    const bystander = await createConfirmedAccount(app, "bystander")
    const victimCode = codeOf(await sendEmail(victim, flow))
    const bystanderCode = codeOf(await sendEmail(bystander, flow))
    for (const wrong of wrongCodes(victimCode, 5)) await verifyCode(victim, flow, wrong)
    expect((await verifyCode(bystander, flow, bystanderCode)).status).toBe(200)
  })

  it("leave the email's link working", async () => {
    const flow = flows[0]!
    const account = await createConfirmedAccount(app, "link")
    const mail = await sendEmail(account, flow)
    for (const wrong of wrongCodes(codeOf(mail), 5)) await verifyCode(account, flow, wrong)
    const res = await fetch(linkOf(mail), { redirect: "manual" })
    expect(res.status).toBe(303)
    const hash = new URLSearchParams(new URL(res.headers.get("location")!).hash.slice(1))
    expect(hash.get("access_token")).toBeTruthy()
    expect(hash.get("type")).toBe("recovery")
  })
})
