import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestApp, type TestApp } from "../testing/test-app"
import { authFetch, uniqueEmail } from "./test-kit"

describe("rate limits on /auth/v1", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({
      RATE_LIMIT_AUTH_PER_MINUTE: "3",
      RATE_LIMIT_EMAIL_PER_HOUR: "2",
      RATE_LIMIT_REFRESH_PER_MINUTE: "2",
    })
  })
  afterAll(() => app.close())

  it("answers the fourth sign-in within a minute with 429 over_request_rate_limit and Retry-After", async () => {
    const attempt = () =>
      app.client().auth.signInWithPassword({ email: uniqueEmail("limit"), password: "whatever-1" })
    for (let i = 0; i < 3; i++) expect((await attempt()).error?.code).toBe("invalid_credentials")
    const { error } = await attempt()
    expect(error?.status).toBe(429)
    expect(error?.code).toBe("over_request_rate_limit")

    const res = await authFetch(app, "/token?grant_type=password", {
      body: { email: uniqueEmail("limit"), password: "whatever-1" },
    })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)

    app.advanceClock(61_000)
    expect((await attempt()).error?.code).toBe("invalid_credentials")
  })

  it("limits the emails sent to one address per hour with over_email_send_rate_limit", async () => {
    const email = uniqueEmail("mailbomb")
    const recover = () => app.client().auth.resetPasswordForEmail(email)
    expect((await recover()).error).toBeNull()
    expect((await recover()).error).toBeNull()
    const { error } = await recover()
    expect(error?.status).toBe(429)
    expect(error?.code).toBe("over_email_send_rate_limit")
    // A minute later the caller may ask again, but not for this address; another one is fine.
    app.advanceClock(61_000)
    expect((await recover()).error?.code).toBe("over_email_send_rate_limit")
    expect((await app.client().auth.resetPasswordForEmail(uniqueEmail("other"))).error).toBeNull()
  })

  it("limits sign-ups from one address", async () => {
    const signUp = () =>
      app.client().auth.signUp({ email: uniqueEmail("many"), password: "secret-123" })
    app.advanceClock(61_000)
    for (let i = 0; i < 3; i++) expect((await signUp()).error).toBeNull()
    const { error } = await signUp()
    expect(error?.status).toBe(429)
    expect(error?.code).toBe("over_request_rate_limit")
  })

  it("limits refresh-token grants from one address with 429 and Retry-After", async () => {
    app.advanceClock(61_000)
    const refresh = () =>
      authFetch(app, "/token?grant_type=refresh_token", { body: { refresh_token: "not-a-token" } })
    for (let i = 0; i < 2; i++) expect((await refresh()).status).toBe(400)
    const limited = await refresh()
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ error_code: "over_request_rate_limit" })
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
  })

  it("answers a rate-limited email link with a redirect that carries the error, as any failed link", async () => {
    const open = () =>
      app.fetch("/auth/v1/verify?type=signup&token=not-a-token", { redirect: "manual" })
    for (let i = 0; i < 3; i++) {
      const res = await open()
      expect(res.status).toBe(303)
      expect(res.headers.get("location")).toContain("error_code=otp_expired")
    }
    const limited = await open()
    expect(limited.status).toBe(303)
    expect(limited.headers.get("location")).toContain("error_code=over_request_rate_limit")
  })
})
