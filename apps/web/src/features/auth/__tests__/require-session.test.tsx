import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import * as React from "react"
import { afterEach, describe, expect, it } from "vitest"

import { AuthContext } from "@/lib/auth/auth-provider"

import { buildAuthState, signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { RedirectIfSignedIn, RequireSession } from "../components/require-session"
import { rememberReturnTo, returnPath } from "../lib/return-to"

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

/** The shell, signed in until its button ends the session as Log out does. */
function SignsOut() {
  const [auth, setAuth] = React.useState(signedIn)
  return (
    <AuthContext.Provider value={auth}>
      <button type="button" onClick={() => setAuth(buildAuthState())}>
        Sign out here
      </button>
      {shell}
    </AuthContext.Provider>
  )
}

describe("coming back after signing in", () => {
  afterEach(() => sessionStorage.clear())

  it("remembers where a signed-out visitor was going, and /auth then returns there", async () => {
    renderApp(shell, { path: "/connect?interaction=abc" })
    expect(await screen.findByText("at /auth")).toBeInTheDocument()
    expect(returnPath()).toBe("/connect?interaction=abc")

    renderApp(
      <RedirectIfSignedIn>
        <p>sign-in form</p>
      </RedirectIfSignedIn>,
      { path: "/auth", auth: signedIn() },
    )
    expect(await screen.findByText("at /connect?interaction=abc")).toBeInTheDocument()
  })

  it("forgets the destination once the person is in, so the next sign-in starts afresh", async () => {
    rememberReturnTo("/activate")
    renderApp(shell, { path: "/activate", auth: signedIn() })
    expect(screen.getByText("shell content")).toBeInTheDocument()
    await waitFor(() => expect(returnPath()).toBe("/"))
  })

  it("does not bring back a page whose session ended while it was shown (Log out)", async () => {
    renderApp(<SignsOut />, { path: "/settings", auth: signedIn() })
    expect(screen.getByText("shell content")).toBeInTheDocument()
    await userEvent.click(screen.getByRole("button", { name: "Sign out here" }))
    expect(await screen.findByText("at /auth")).toBeInTheDocument()
    expect(returnPath()).toBe("/")
  })

  it("with comeBackAfterCode, returns a session that owed its code to the page after /mfa", async () => {
    renderApp(
      <RequireSession comeBackAfterCode>
        <p>consent</p>
      </RequireSession>,
      { path: "/connect?interaction=abc", auth: { ...signedIn(), mfaRequired: true } },
    )
    expect(await screen.findByText("at /mfa")).toBeInTheDocument()
    expect(returnPath()).toBe("/connect?interaction=abc")
  })

  it("keeps the shell's pages out of it: the code step still ends on the dashboard", async () => {
    renderApp(shell, { path: "/settings", auth: { ...signedIn(), mfaRequired: true } })
    expect(await screen.findByText("at /mfa")).toBeInTheDocument()
    expect(returnPath()).toBe("/")
  })
})
