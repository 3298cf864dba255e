import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"

import { buildAuthState, signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { RedirectIfSignedIn, RequireSession } from "../components/require-session"

const shell = (
  <RequireSession>
    <p>shell content</p>
  </RequireSession>
)

describe("the protected shell's gate", () => {
  it("shows 'Loading...' while the session is unknown", () => {
    renderApp(shell, { path: "/operations", auth: buildAuthState({ loading: true }) })
    expect(screen.getByText("Loading...")).toBeInTheDocument()
    expect(screen.queryByText("shell content")).not.toBeInTheDocument()
  })

  it("sends a visitor without a session to /auth", async () => {
    renderApp(shell, { path: "/operations" })
    expect(await screen.findByText("at /auth")).toBeInTheDocument()
  })

  it("shows the page to a signed-in visitor", () => {
    renderApp(shell, { path: "/operations", auth: signedIn() })
    expect(screen.getByText("shell content")).toBeInTheDocument()
  })

  it("forwards tokens in the query to /set-password, even before the session is known", async () => {
    renderApp(shell, {
      path: "/?access_token=a&refresh_token=r",
      auth: buildAuthState({ loading: true }),
    })
    expect(
      await screen.findByText("at /set-password?access_token=a&refresh_token=r"),
    ).toBeInTheDocument()
  })

  it("forwards tokens in the hash to /set-password as query parameters", async () => {
    renderApp(shell, { path: "/#access_token=a&refresh_token=r&type=invite", auth: signedIn() })
    expect(
      await screen.findByText("at /set-password?access_token=a&refresh_token=r"),
    ).toBeInTheDocument()
  })
})

describe("public screens for signed-in visitors", () => {
  it("sends a signed-in visitor to the dashboard", async () => {
    renderApp(
      <RedirectIfSignedIn>
        <p>sign-in form</p>
      </RedirectIfSignedIn>,
      { path: "/auth", auth: signedIn() },
    )
    expect(await screen.findByText("at /")).toBeInTheDocument()
  })

  it("shows the screen to a signed-out visitor", () => {
    renderApp(
      <RedirectIfSignedIn>
        <p>sign-in form</p>
      </RedirectIfSignedIn>,
      { path: "/auth" },
    )
    expect(screen.getByText("sign-in form")).toBeInTheDocument()
  })
})

describe("accounts with a second factor", () => {
  it("sends a session that still owes its code to /mfa instead of opening the shell", async () => {
    renderApp(shell, { path: "/operations", auth: { ...signedIn(), mfaRequired: true } })
    expect(await screen.findByText("at /mfa")).toBeInTheDocument()
    expect(screen.queryByText("shell content")).not.toBeInTheDocument()
  })

  it("sends such a session from /auth to /mfa, not to the dashboard", async () => {
    renderApp(
      <RedirectIfSignedIn>
        <p>sign-in form</p>
      </RedirectIfSignedIn>,
      { path: "/auth", auth: { ...signedIn(), mfaRequired: true } },
    )
    expect(await screen.findByText("at /mfa")).toBeInTheDocument()
  })
})
