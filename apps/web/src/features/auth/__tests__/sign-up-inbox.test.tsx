import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { buildUser } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SignInForm } from "../components/sign-in-form"
import { SignUpForm } from "../components/sign-up-form"
import { passwordStrength } from "../lib/password-strength"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const created = (request: StubRequest) => {
  if (request.url.pathname === "/auth/v1/signup")
    return {
      json: buildUser({
        email: "new@acme.test",
        identities: [{ id: "i1", provider: "email" } as never],
      }),
    }
  if (request.url.pathname === "/auth/v1/resend") return { json: {} }
  return { status: 404, json: {} }
}

async function signUp(user: ReturnType<typeof userEvent.setup>, password = "correct horse 9") {
  await user.type(screen.getByLabelText("Email"), "new@acme.test")
  await user.type(screen.getByLabelText("Company Name"), "Acme")
  await user.type(screen.getByLabelText("Password"), password)
  await user.click(screen.getByRole("button", { name: "Create Account" }))
}

describe("sign-up: the password rule and the inbox", { timeout: 20_000 }, () => {
  it("shows the rule under the password and a strength hint as it is typed", async () => {
    const user = userEvent.setup()
    renderApp(<SignUpForm />, { path: "/signup" })
    expect(screen.getByText(/At least 6 characters\./)).toBeInTheDocument()
    await user.type(screen.getByLabelText("Password"), "abc")
    expect(screen.getByText(/Strength: Too short/)).toBeInTheDocument()
    await user.clear(screen.getByLabelText("Password"))
    await user.type(screen.getByLabelText("Password"), "Tiger-Lamp-Quartz-7")
    expect(screen.getByText("Strength: Strong")).toBeInTheDocument()
  })

  it("refuses a password shorter than the rule before sending anything", async () => {
    const calls = stubBackend(created, null)
    const user = userEvent.setup()
    renderApp(<SignUpForm />, { path: "/signup" })
    await signUp(user, "abc")
    expect(
      await screen.findByText("Password must be at least 6 characters long."),
    ).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("says where the link went after Create Account, and resends it", async () => {
    const calls = stubBackend(created, null)
    const user = userEvent.setup()
    renderApp(<SignUpForm />, { path: "/signup" })
    await signUp(user)
    await findToast(
      "Account created successfully!",
      "Please check your email to verify your account before signing in.",
    )
    expect(screen.getByRole("heading", { name: "Check your inbox" })).toBeInTheDocument()
    expect(screen.getByText("new@acme.test")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Resend email" }))
    await findToast("Email sent", "We sent the confirmation link to new@acme.test again.")
    const resend = calls.find((c) => c.url.pathname === "/auth/v1/resend")
    expect(resend?.body).toMatchObject({ type: "signup", email: "new@acme.test" })
    await user.click(screen.getByRole("button", { name: "Use a different email" }))
    expect(screen.getByLabelText("Email")).toHaveValue("")
  })

  it("names the server's limit when Resend is used too often", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend((request) => {
      if (request.url.pathname === "/auth/v1/resend")
        return {
          status: 429,
          json: {
            code: 429,
            error_code: "over_email_send_rate_limit",
            msg: "Email rate limit exceeded",
          },
        }
      return created(request)
    }, null)
    const user = userEvent.setup()
    renderApp(<SignUpForm />, { path: "/signup" })
    await signUp(user)
    await user.click(await screen.findByRole("button", { name: "Resend email" }))
    await findToast("Error sending email", "Email rate limit exceeded")
  })
})

describe("sign-in of an address not confirmed yet", () => {
  it("offers to resend the confirmation email", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend((request) => {
      if (request.url.pathname === "/auth/v1/token")
        return {
          status: 400,
          json: { code: 400, error_code: "email_not_confirmed", msg: "Email not confirmed" },
        }
      if (request.url.pathname === "/auth/v1/resend") return { json: {} }
      return { status: 404, json: {} }
    }, null)
    const user = userEvent.setup()
    renderApp(<SignInForm />, { path: "/auth" })
    await user.type(screen.getByLabelText("Email"), "late@acme.test")
    await user.type(screen.getByLabelText("Password"), "secret-123")
    await user.click(screen.getByRole("button", { name: "Sign In" }))
    await findToast("Error signing in", "Email not confirmed")
    await user.click(await screen.findByRole("button", { name: "Resend confirmation email" }))
    await findToast("Email sent")
    expect(calls.find((c) => c.url.pathname === "/auth/v1/resend")?.body).toMatchObject({
      type: "signup",
      email: "late@acme.test",
    })
  })
})

describe("the strength hint", () => {
  it("rates by length and variety, and well-known passwords as weak", () => {
    expect(passwordStrength("abc12")).toBe("too-short")
    expect(passwordStrength("password123")).toBe("weak")
    expect(passwordStrength("111111111")).toBe("weak")
    expect(passwordStrength("sunnyday")).toBe("weak")
    expect(passwordStrength("sunnyday42")).toBe("fair")
    expect(passwordStrength("Sunny-day-42-river")).toBe("strong")
  })
})
