import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { ForgotPasswordForm } from "../components/forgot-password-form"
import { ResetPasswordFlow } from "../components/reset-password-flow"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("the forgot-password form", () => {
  it("asks for a link that lands on /reset-password and says the same for any address", async () => {
    const calls = stubBackend(() => ({ json: {} }), null)
    const user = userEvent.setup()
    renderApp(<ForgotPasswordForm />, { path: "/forgot-password" })
    await user.type(screen.getByLabelText("Email"), "someone@acme.test")
    await user.click(screen.getByRole("button", { name: "Send reset link" }))
    expect(
      await screen.findByText(
        /If an account exists for someone@acme.test, a reset link is on its way./,
      ),
    ).toBeInTheDocument()
    const recover = calls.find((c) => c.url.pathname === "/auth/v1/recover")
    expect(recover?.body).toMatchObject({ email: "someone@acme.test" })
    expect(recover?.url.searchParams.get("redirect_to")).toBe(
      `${window.location.origin}/reset-password`,
    )
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/auth")
  })

  it("requires a well-formed email before sending anything", async () => {
    const calls = stubBackend(() => ({ json: {} }), null)
    const user = userEvent.setup()
    renderApp(<ForgotPasswordForm />, { path: "/forgot-password" })
    await user.click(screen.getByRole("button", { name: "Send reset link" }))
    expect(await screen.findByText("Email is required")).toBeInTheDocument()
    await user.type(screen.getByLabelText("Email"), "not-an-email")
    await user.click(screen.getByRole("button", { name: "Send reset link" }))
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("says plainly when the server's rate limit refuses the request", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(
      () => ({
        status: 429,
        json: {
          code: 429,
          error_code: "over_email_send_rate_limit",
          msg: "Email rate limit exceeded",
        },
      }),
      null,
    )
    const user = userEvent.setup()
    renderApp(<ForgotPasswordForm />, { path: "/forgot-password" })
    await user.type(screen.getByLabelText("Email"), "someone@acme.test")
    await user.click(screen.getByRole("button", { name: "Send reset link" }))
    await findToast(
      "Too many requests",
      "Too many reset links were requested. Please wait a few minutes, then try again.",
    )
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeEnabled()
  })
})

describe("the reset-password landing", () => {
  it("says an expired or used link has failed and offers a new one", async () => {
    renderApp(<ResetPasswordFlow />, {
      path: "/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    })
    expect(await screen.findByText("Reset link expired")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Send a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    )
  })

  it("refuses a visit without a recovery link", () => {
    renderApp(<ResetPasswordFlow />, { path: "/reset-password" })
    expect(screen.getByText("Reset link expired")).toBeInTheDocument()
  })
})
