import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { buildSession, buildTotpFactor, buildUser } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SignInForm } from "../components/sign-in-form"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

/** POST /token answers `session`; supabase-js then keeps it, as it does in the browser. */
function signInAs(session: ReturnType<typeof buildSession>) {
  stubBackend(() => ({ json: session }), null)
  vi.restoreAllMocks() // the real getSession: the assurance level is read from the kept session
}

async function submit() {
  const user = userEvent.setup()
  renderApp(<SignInForm />, { path: "/auth" })
  await user.type(screen.getByLabelText("Email"), "owner@acme.test")
  await user.type(screen.getByLabelText("Password"), "correct-horse")
  await user.click(screen.getByRole("button", { name: "Sign In" }))
}

describe("signing in to an account with two-factor", () => {
  it("goes on to the code step instead of the dashboard", async () => {
    signInAs(buildSession(buildUser({ factors: [buildTotpFactor()] }), "aal1"))
    await submit()
    expect(await screen.findByText("at /mfa")).toBeInTheDocument()
  })

  it("goes straight to the dashboard with a success toast when there is no factor", async () => {
    signInAs(buildSession(buildUser(), "aal1"))
    await submit()
    expect(await screen.findByText("at /")).toBeInTheDocument()
    await findToast("Success!", "You have successfully signed in.")
  })

  it("does not count a factor that was never verified", async () => {
    signInAs(buildSession(buildUser({ factors: [buildTotpFactor({ status: "unverified" })] })))
    await submit()
    expect(await screen.findByText("at /")).toBeInTheDocument()
  })
})
