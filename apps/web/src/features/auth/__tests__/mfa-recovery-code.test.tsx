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

function storedSession() {
  const session = buildSession(buildUser({ factors: [buildTotpFactor()] }))
  localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
  return session
}

describe("the code step with a recovery code (/mfa)", () => {
  it("switches to a recovery code field and back to the app's code", async () => {
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }))
    expect(screen.getByLabelText("Recovery code")).toHaveFocus()
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Use your authenticator app" }))
    expect(screen.getByLabelText("Authentication code")).toBeInTheDocument()
  })

  it("asks for a code before sending anything", async () => {
    const calls = stubBackend(() => ({ status: 404, json: {} }))
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }))
    await user.click(screen.getByRole("button", { name: "Verify" }))
    expect(screen.getByText("Enter one of your recovery codes.")).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("sends the code with the session and says the server's refusal beside the field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const session = storedSession()
    const calls = stubBackend((request: StubRequest) => {
      if (request.url.pathname === "/auth/v1/recovery-codes/verify")
        return {
          status: 422,
          json: {
            code: 422,
            error_code: "mfa_verification_failed",
            msg: "This recovery code is not valid or has already been used",
          },
        }
      return { status: 404, json: {} }
    }, session)
    const user = userEvent.setup()
    renderApp(<MfaChallenge />, { path: "/mfa", auth: owesCode() })
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }))
    await user.type(screen.getByLabelText("Recovery code"), "abcde-fghjk")
    await user.click(screen.getByRole("button", { name: "Verify" }))
    const said = await screen.findAllByText(
      "This recovery code is not valid or has already been used",
    )
    expect(said.length).toBeGreaterThan(0)
    expect(screen.getByLabelText("Recovery code")).toHaveValue("")
    const call = calls.find((c) => c.url.pathname === "/auth/v1/recovery-codes/verify")
    expect(call?.body).toEqual({ code: "abcde-fghjk" })
    expect(call?.method).toBe("POST")
  })
})
