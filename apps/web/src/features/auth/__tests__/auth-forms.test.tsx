import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it } from "vitest"

import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { SetPasswordForm } from "../components/set-password-form"
import { SignInForm } from "../components/sign-in-form"
import { SignUpForm } from "../components/sign-up-form"

describe("the sign-in form", () => {
  it("is titled 'Admin Platform', requires both fields and links to /signup", async () => {
    const user = userEvent.setup()
    renderApp(<SignInForm />, { path: "/auth" })
    expect(screen.getByText("Admin Platform")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Sign In" }))
    expect(await screen.findByText("Email is required")).toBeInTheDocument()
    expect(screen.getByText("Password is required")).toBeInTheDocument()
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup")
  })

  it("focuses the first empty field and drops a message once its field is filled", async () => {
    const user = userEvent.setup()
    renderApp(<SignInForm />, { path: "/auth" })
    await user.type(screen.getByLabelText("Email"), "   ")
    await user.click(screen.getByRole("button", { name: "Sign In" }))
    expect(await screen.findByText("Email is required")).toBeInTheDocument()
    expect(screen.getByLabelText("Email")).toHaveFocus()
    await user.type(screen.getByLabelText("Email"), "a@example.com")
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument()
    expect(screen.getByText("Password is required")).toBeInTheDocument()
  })
})

describe("the sign-up form", () => {
  it("asks for email, company name and password, all required, and links to /auth", async () => {
    const user = userEvent.setup()
    renderApp(<SignUpForm />, { path: "/signup" })
    await user.click(screen.getByRole("button", { name: "Create Account" }))
    expect(await screen.findByText("Email is required")).toBeInTheDocument()
    expect(screen.getByText("Company name is required")).toBeInTheDocument()
    expect(screen.getByText("Password is required")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth")
  })
})

describe("the set-password form", () => {
  it("refuses different entries with 'Password mismatch'", async () => {
    const user = userEvent.setup()
    renderApp(<SetPasswordForm onDone={() => {}} />, { path: "/set-password", auth: signedIn() })
    await user.type(screen.getByLabelText("New Password"), "first-one")
    await user.type(screen.getByLabelText("Confirm Password"), "second-one")
    await user.click(screen.getByRole("button", { name: "Set Password" }))
    expect(await screen.findByText("Password mismatch")).toBeInTheDocument()
    expect(screen.getByText("Passwords do not match. Please try again.")).toBeInTheDocument()
  })

  it("refuses fewer than 6 characters with 'Password too short'; inputs carry minlength 6", async () => {
    const user = userEvent.setup()
    renderApp(<SetPasswordForm onDone={() => {}} />, { path: "/set-password", auth: signedIn() })
    expect(screen.getByLabelText("New Password")).toHaveAttribute("minlength", "6")
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("minlength", "6")
    await user.type(screen.getByLabelText("New Password"), "abc")
    await user.type(screen.getByLabelText("Confirm Password"), "abc")
    await user.click(screen.getByRole("button", { name: "Set Password" }))
    expect(await screen.findByText("Password too short")).toBeInTheDocument()
    expect(screen.getByText("Password must be at least 6 characters long.")).toBeInTheDocument()
  })
})
