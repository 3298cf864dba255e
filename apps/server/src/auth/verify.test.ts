import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { authFetch, createAuthTestApp, lastMailTo, linkOf, uniqueEmail } from "./test-kit"

describe("/auth/v1/verify", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp({ ADDITIONAL_REDIRECT_URLS: "http://localhost:5173" })
  })
  afterAll(() => app.close())

  const verifyLink = (params: Record<string, string>) =>
    app.fetch(`/auth/v1/verify?${new URLSearchParams(params)}`, { redirect: "manual" })

  it("redirects a bad link to SITE_URL with the error in the fragment", async () => {
    const res = await verifyLink({ token: "forged", type: "magiclink" })
    expect(res.status).toBe(303)
    expect(res.headers.get("location")).toBe(
      `${app.url}/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    )
  })

  it("accepts redirect_to on SITE_URL's origin or the allow list, and falls back to SITE_URL otherwise", async () => {
    const allowed = await verifyLink({
      token: "x",
      type: "signup",
      redirect_to: "http://localhost:5173/somewhere",
    })
    expect(allowed.headers.get("location")).toMatch(/^http:\/\/localhost:5173\/somewhere#error=/)
    const foreign = await verifyLink({
      token: "x",
      type: "signup",
      redirect_to: "https://evil.example/steal",
    })
    expect(foreign.headers.get("location")).toMatch(new RegExp(`^${app.url}/#error=`))
    const lookalike = await verifyLink({
      token: "x",
      type: "signup",
      redirect_to: "http://localhost:51730/",
    })
    expect(lookalike.headers.get("location")).toMatch(new RegExp(`^${app.url}/#error=`))
  })

  it("confirms a sign-up through GET /verify and puts the session in the fragment", async () => {
    const email = uniqueEmail("getverify")
    await app.client().auth.signUp({ email, password: "secret-123" })
    const token = linkOf(await lastMailTo(app, email)).searchParams.get("token_hash")!
    const res = await verifyLink({ token, type: "signup", redirect_to: `${app.url}/done` })
    const location = new URL(res.headers.get("location")!)
    expect(location.pathname).toBe("/done")
    expect(location.search).toBe("")
    const hash = new URLSearchParams(location.hash.slice(1))
    expect(hash.get("type")).toBe("signup")
    const { data } = await app.client().auth.getUser(hash.get("access_token")!)
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it("refuses a token of another type, an expired token and a missing token", async () => {
    const email = uniqueEmail("types")
    await app.client().auth.signUp({ email, password: "secret-123" })
    const token = linkOf(await lastMailTo(app, email)).searchParams.get("token_hash")!
    const wrongType = await authFetch(app, "/verify", {
      body: { token_hash: token, type: "recovery" },
    })
    expect(wrongType.status).toBe(403)
    expect(((await wrongType.json()) as { code: string }).code).toBe("otp_expired")
    app.advanceClock(25 * 3600 * 1000)
    const expired = await authFetch(app, "/verify", { body: { token_hash: token, type: "email" } })
    expect(expired.status).toBe(403)
    const missing = await authFetch(app, "/verify", { body: { type: "email" } })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { code: string }).code).toBe("validation_failed")
    const badType = await authFetch(app, "/verify", { body: { token_hash: token, type: "sms" } })
    expect(badType.status).toBe(400)
  })

  it("refuses a body over 64 KB with 413 in the auth error shape", async () => {
    const res = await authFetch(app, "/verify", {
      body: { type: "email", token_hash: "x".repeat(70 * 1024) },
    })
    expect(res.status).toBe(413)
    expect(res.headers.get("x-sb-error-code")).toBe("validation_failed")
  })

  it("answers CORS preflight and lets a browser read the error code headers", async () => {
    const preflight = await app.fetch("/auth/v1/token?grant_type=password", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers":
          "apikey,authorization,content-type,x-client-info,x-supabase-api-version",
      },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get("access-control-allow-headers")).toContain(
      "x-supabase-api-version",
    )
    const res = await authFetch(app, "/token?grant_type=password", {
      body: { email: "a@b.test", password: "nope-nope" },
      headers: { Origin: "http://localhost:5173" },
    })
    expect(res.status).toBe(400)
    const exposed = res.headers.get("access-control-expose-headers")?.toLowerCase()
    expect(exposed).toContain("x-supabase-api-version")
    expect(exposed).toContain("x-sb-error-code")
  })

  it("answers unknown /auth/v1 paths with the auth error shape", async () => {
    const res = await authFetch(app, "/nowhere")
    expect(res.status).toBe(404)
    expect(((await res.json()) as { code: string }).code).toBe("not_found")
  })
})
