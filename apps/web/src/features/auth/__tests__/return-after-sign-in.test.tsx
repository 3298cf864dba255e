import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { buildSession, buildUser, signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { MfaChallenge } from "../components/mfa-challenge"
import { SignInForm } from "../components/sign-in-form"
import { rememberReturnTo } from "../lib/return-to"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
})

describe("the sign-in ends where the visitor was going", () => {
  it("the password step returns to the remembered page", async () => {
    rememberReturnTo("/connect?interaction=abc")
    stubBackend(() => ({ json: buildSession(buildUser(), "aal1") }), null)
    vi.restoreAllMocks() // the real getSession: the assurance level is read from the kept session
    const user = userEvent.setup()
    renderApp(<SignInForm />, { path: "/auth" })
    await user.type(screen.getByLabelText("Email"), "owner@acme.test")
    await user.type(screen.getByLabelText("Password"), "correct-horse")
    await user.click(screen.getByRole("button", { name: "Sign In" }))
    expect(await screen.findByText("at /connect?interaction=abc")).toBeInTheDocument()
  })

  it("the code step returns to the remembered page once the code is verified", async () => {
    rememberReturnTo("/activate?user_code=WDJB-MJHT")
    renderApp(<MfaChallenge />, { path: "/mfa", auth: signedIn() })
    expect(await screen.findByText("at /activate?user_code=WDJB-MJHT")).toBeInTheDocument()
  })

  it("a remembered address on another site is never followed", async () => {
    sessionStorage.setItem("nativ.return-to", "//evil.example/connect")
    renderApp(<MfaChallenge />, { path: "/mfa", auth: signedIn() })
    expect(await screen.findByText("at /")).toBeInTheDocument()
  })
})
