import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { authStorageKey } from "@/lib/auth-storage-key"
import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { buildSession, buildTotpFactor, buildUser, signedIn, testConfig } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { MfaChallenge } from "../components/mfa-challenge"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

const owesCode = () => ({ ...signedIn(), mfaRequired: true })

/** GET /user lists one verified factor; every code is refused as the server does. */
function refusingServer(user = buildUser({ factors: [buildTotpFactor()] })) {
  return (request: StubRequest) => {
    const path = request.url.pathname
    if (path === "/auth/v1/user") return { json: user }
    if (path.endsWith("/challenge"))
      return { json: { id: "c1", type: "totp", expires_at: Date.now() / 1000 + 300 } }
    return {
      status: 422,
      json: { code: "mfa_verification_failed", msg: "Invalid TOTP code entered" },
    }
  }
}

describe("the code step (/mfa)", () => {
  it("asks for six digits with the one-time-code keypad and autofill", () => {
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    const input = screen.getByLabelText("Authentication code")
    expect(input).toHaveAttribute("inputmode", "numeric")
    expect(input).toHaveAttribute("autocomplete", "one-time-code")
    expect(input).toHaveAttribute("maxlength", "6")
    expect(screen.getByRole("button", { name: "Use a different account" })).toBeInTheDocument()
  })

  it("keeps only digits and explains a code that is not six of them", async () => {
    const calls = stubBackend(refusingServer())
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.type(screen.getByLabelText("Authentication code"), "12a3")
    expect(screen.getByLabelText("Authentication code")).toHaveValue("123")
    await user.click(screen.getByRole("button", { name: "Verify" }))
    expect(
      screen.getByText("Enter the 6-digit code from your authenticator app."),
    ).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("says a wrong code is invalid and stays on the code step, ready for another", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const session = buildSession(buildUser({ factors: [buildTotpFactor()] }))
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
    const calls = stubBackend(refusingServer(session.user), session)
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.type(screen.getByLabelText("Authentication code"), "654321")
    await user.click(screen.getByRole("button", { name: "Verify" }))
    const main = await screen.findAllByText("Invalid TOTP code entered")
    expect(main.length).toBeGreaterThan(0)
    expect(screen.getByLabelText("Authentication code")).toHaveValue("")
    expect(screen.getByLabelText("Authentication code")).toHaveAttribute("aria-invalid", "true")
    expect(calls.find((c) => c.url.pathname.endsWith("/verify"))?.body).toMatchObject({
      challenge_id: "c1",
      code: "654321",
    })
  })

  it("signs only this session out for 'Use a different account' and goes back to /auth", async () => {
    const session = buildSession(buildUser({ factors: [buildTotpFactor()] }))
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
    // As the server answers: a session that owes its code may end itself, nothing more.
    const calls = stubBackend(
      (request) =>
        request.url.searchParams.get("scope") === "local"
          ? { status: 204 }
          : { status: 403, json: { code: "insufficient_aal", msg: "Two-factor" } },
      session,
    )
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.click(screen.getByRole("button", { name: "Use a different account" }))
    expect(await screen.findByText("at /auth")).toBeInTheDocument()
    const logout = calls.filter((c) => c.url.pathname === "/auth/v1/logout")
    expect(logout.map((c) => c.url.searchParams.get("scope"))).toEqual(["local"])
  })

  it("sends a visitor without a session to /auth and a verified one to the dashboard", async () => {
    const first = renderApp(<MfaChallenge />, { path: "/mfa" })
    expect(await screen.findByText("at /auth")).toBeInTheDocument()
    first.unmount()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: signedIn() })
    expect(await screen.findByText("at /")).toBeInTheDocument()
  })
})
