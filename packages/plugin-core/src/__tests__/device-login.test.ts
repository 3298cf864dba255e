import { describe, expect, it } from "vitest"

import { pollDeviceToken } from "../device-login"
import { PluginError } from "../errors"

const device = {
  device_code: "dev-1",
  user_code: "BCDF-GHJK",
  verification_uri: "https://nativ.example/activate",
  expires_in: 600,
  interval: 2,
}

/** The token endpoint's answers in turn (RFC 8628 §3.5), and the forms it was sent. */
function tokenEndpoint(answers: { status: number; body: unknown }[]) {
  const forms: URLSearchParams[] = []
  const fetch = (async (_url: string, init: RequestInit) => {
    forms.push(new URLSearchParams(init.body as string))
    const answer = answers.shift()!
    return new Response(JSON.stringify(answer.body), { status: answer.status })
  }) as typeof globalThis.fetch
  return {
    forms,
    endpoints: { serverUrl: "https://nativ.example", clientId: "nativ-figma", fetch },
  }
}

describe("pollDeviceToken", () => {
  it("waits the interval, adds 5 seconds on slow_down, and returns the tokens once approved", async () => {
    const { forms, endpoints } = tokenEndpoint([
      { status: 400, body: { error: "authorization_pending" } },
      { status: 400, body: { error: "slow_down" } },
      { status: 400, body: { error: "authorization_pending" } },
      { status: 200, body: { access_token: "at", token_type: "Bearer", refresh_token: "rt" } },
    ])
    const waits: number[] = []
    const tokens = await pollDeviceToken(endpoints, device, {
      sleep: async (ms) => void waits.push(ms),
    })
    expect(tokens).toMatchObject({ access_token: "at", refresh_token: "rt" })
    expect(waits).toEqual([2000, 2000, 7000, 7000])
    expect(Object.fromEntries(forms[0]!)).toEqual({
      client_id: "nativ-figma",
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: "dev-1",
    })
  })

  it("says so when the person denies or the code expires", async () => {
    for (const [error, message] of [
      ["access_denied", "denied"],
      ["expired_token", "expired"],
    ]) {
      const { endpoints } = tokenEndpoint([{ status: 400, body: { error } }])
      const failure = await pollDeviceToken(endpoints, device, { sleep: async () => {} }).catch(
        (e: unknown) => e,
      )
      expect(failure).toBeInstanceOf(PluginError)
      expect((failure as PluginError).message).toContain(message)
    }
  })
})
