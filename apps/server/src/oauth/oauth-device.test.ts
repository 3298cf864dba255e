import { setTimeout as sleep } from "node:timers/promises"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
  type ApiUser,
} from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import type { TestApp } from "../testing/test-app"
import { tokenRequest } from "./oauth-test-kit"

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"

type DeviceAuthorization = {
  device_code: string
  user_code: string
  verification_uri: string
  verification_uri_complete: string
  expires_in: number
  interval: number
}

let app: TestApp
let owner: ApiUser
beforeAll(async () => {
  app = await createApiTestApp({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: "1" })
  owner = await signedInUser(app, 1000)
})
afterAll(() => app.close())

async function startDevice(target: TestApp, form: Record<string, string> = {}) {
  const res = await target.fetch("/oauth/device/code", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "nativ-cli", ...form }).toString(),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as DeviceAuthorization
}

const poll = (target: TestApp, device: DeviceAuthorization) =>
  tokenRequest(target, {
    grant_type: DEVICE_GRANT,
    device_code: device.device_code,
    client_id: "nativ-cli",
  })

const decide = (
  target: TestApp,
  person: ApiUser,
  step: "lookup" | "approve" | "deny",
  body: Record<string, unknown>,
) =>
  target.fetch(`/oauth/device/${step}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${person.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })

describe("device authorization grant (RFC 8628)", () => {
  it("signs the CLI in: pending, slow_down, then tokens once the person approves on /activate", async () => {
    const device = await startDevice(app)
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/)
    expect(device.verification_uri).toBe(`${app.url}/activate`)
    expect(device.verification_uri_complete).toBe(
      `${app.url}/activate?user_code=${encodeURIComponent(device.user_code)}`,
    )
    expect(device.interval).toBe(1)

    const pending = await poll(app, device)
    expect(pending.status).toBe(400)
    expect(pending.body.error).toBe("authorization_pending")
    const tooSoon = await poll(app, device)
    expect(tooSoon.body.error).toBe("slow_down")

    // People type codes in lower case and without the dash.
    const typed = device.user_code.replace("-", "").toLowerCase()
    const lookup = await decide(app, owner, "lookup", { user_code: typed })
    expect(lookup.status).toBe(200)
    expect(await lookup.json()).toMatchObject({
      client: { id: "nativ-cli", name: "Nativ CLI" },
      scopes: ["translate", "read", "offline_access"],
      member: { email: owner.email, role: "owner" },
    })
    const approved = await decide(app, owner, "approve", {
      user_code: typed,
      scopes: ["translate", "read", "offline_access"],
    })
    expect(await approved.json()).toEqual({ status: "approved" })

    await sleep(1100)
    const tokens = await poll(app, device)
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200)
    expect(tokens.body.scope).toBe("translate read")
    expect(tokens.body.refresh_token).toBeTruthy()
    const translated = await callApi(app, "/text/culturalize", {
      token: tokens.body.access_token,
      body: { text: "Good morning", language: "French", language_code: "FR" },
    })
    expect(translated.status, JSON.stringify(translated.body)).toBe(200)

    // A code works once.
    expectApiError(
      await decide(app, owner, "lookup", { user_code: device.user_code }).then(json),
      400,
      "used_user_code",
    )
    await sleep(1100)
    expect((await poll(app, device)).body.error).toBe("invalid_grant")
  })

  it("tells the device access_denied when the person denies", async () => {
    const device = await startDevice(app)
    expect(
      await (await decide(app, owner, "deny", { user_code: device.user_code })).json(),
    ).toEqual({ status: "denied" })
    const answer = await poll(app, device)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe("access_denied")
  })

  it("refuses codes that do not exist and lets only owners and admins grant manage", async () => {
    expectApiError(
      await decide(app, owner, "lookup", { user_code: "BBBB-BBBB" }).then(json),
      400,
      "invalid_user_code",
    )
    expectApiError(await decide(app, owner, "lookup", {}).then(json), 400, "invalid_request")

    const email = `device-member-${Math.random().toString(36).slice(2, 8)}@example.com`
    await invite(app, owner, email, "member")
    const member = await accept(app, email)
    const device = await startDevice(app, { scope: "translate manage" })
    const lookup = await decide(app, member, "lookup", { user_code: device.user_code })
    expect(await lookup.json()).toMatchObject({
      scopes: ["translate", "manage"],
      can_grant_manage: false,
    })
    expectApiError(
      await decide(app, member, "approve", {
        user_code: device.user_code,
        scopes: ["translate", "manage"],
      }).then(json),
      403,
      "forbidden",
    )
    const ownersTurn = await decide(app, owner, "approve", {
      user_code: device.user_code,
      scopes: ["translate", "manage"],
    })
    expect(ownersTurn.status).toBe(200)
  })
})

describe("an expired device code", () => {
  let shortLived: TestApp
  let person: ApiUser
  beforeAll(async () => {
    shortLived = await createApiTestApp({
      OAUTH_DEVICE_CODE_TTL_SECONDS: "2",
      OAUTH_DEVICE_POLL_INTERVAL_SECONDS: "1",
    })
    person = await signedInUser(shortLived)
  })
  afterAll(() => shortLived.close())

  it("can no longer be approved, and the device is told expired_token", async () => {
    const device = await startDevice(shortLived)
    expect(device.expires_in).toBe(2)
    await sleep(2500)
    expectApiError(
      await decide(shortLived, person, "lookup", { user_code: device.user_code }).then(json),
      400,
      "expired_user_code",
    )
    const answer = await poll(shortLived, device)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe("expired_token")
  })
})

async function json(res: Response) {
  return { status: res.status, body: (await res.json()) as unknown }
}
