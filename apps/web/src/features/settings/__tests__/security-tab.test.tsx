import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { authStorageKey } from "@/lib/auth-storage-key"
import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { buildSession, buildTotpFactor, buildUser, signedIn, testConfig } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SecurityTab } from "../components/security-tab"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

/** A stored session, so supabase-js's own session reads (updateUser, signOut) find it. */
function storeSession(factors = [] as ReturnType<typeof buildTotpFactor>[]) {
  const session = buildSession(buildUser({ factors }))
  localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
  return session
}

function authServer(
  user: unknown,
  onPut?: (request: StubRequest) => { status?: number; json?: unknown },
) {
  return (request: StubRequest) => {
    if (request.url.pathname === "/auth/v1/user" && request.method === "PUT" && onPut)
      return onPut(request)
    if (request.url.pathname === "/auth/v1/user") return { json: user }
    if (request.url.pathname === "/auth/v1/logout") return { status: 204 }
    return { status: 404, json: {} }
  }
}

const fill = async (user: ReturnType<typeof userEvent.setup>, label: string, value: string) =>
  user.type(screen.getByLabelText(label), value)

describe("Settings → Security", { timeout: 20_000 }, () => {
  it("says the new-password rules beside the fields and sends nothing until they hold", async () => {
    const session = storeSession()
    const calls = stubBackend(authServer(session.user), session)
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await user.click(screen.getByRole("button", { name: "Change Password" }))
    expect(await screen.findByText("Current password is required")).toBeInTheDocument()
    expect(screen.getByText("Password must be at least 6 characters long.")).toBeInTheDocument()
    await fill(user, "Current Password", "old-one-1")
    await fill(user, "New Password", "new-one-1")
    await fill(user, "Confirm Password", "new-one-2")
    await user.click(screen.getByRole("button", { name: "Change Password" }))
    expect(await screen.findByText("Passwords do not match. Please try again.")).toBeInTheDocument()
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0)
  })

  it("sends the current password with the new one and names a wrong current password", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const session = storeSession()
    const calls = stubBackend(
      authServer(session.user, () => ({
        status: 400,
        json: {
          code: "current_password_invalid",
          error_code: "current_password_invalid",
          msg: "Current password is incorrect",
        },
      })),
      session,
    )
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await fill(user, "Current Password", "wrong-one")
    await fill(user, "New Password", "new-one-1")
    await fill(user, "Confirm Password", "new-one-1")
    await user.click(screen.getByRole("button", { name: "Change Password" }))
    await findToast(
      "Current password is incorrect",
      "The current password you entered is not correct. Please try again.",
    )
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      password: "new-one-1",
      current_password: "wrong-one",
    })
  })

  it("confirms a changed password and clears the form", async () => {
    const session = storeSession()
    stubBackend(
      authServer(session.user, () => ({ json: session.user })),
      session,
    )
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await fill(user, "Current Password", "old-one-1")
    await fill(user, "New Password", "new-one-1")
    await fill(user, "Confirm Password", "new-one-1")
    await user.click(screen.getByRole("button", { name: "Change Password" }))
    await findToast("Password changed", "Use your new password the next time you sign in.")
    expect(screen.getByLabelText("Current Password")).toHaveValue("")
  })

  it("signs out the other devices only (scope=others)", async () => {
    const session = storeSession()
    const calls = stubBackend(authServer(session.user), session)
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await user.click(screen.getByRole("button", { name: "Sign out of other devices" }))
    await findToast(
      "Signed out of other devices",
      "Every other browser and device must sign in again. You stay signed in here.",
    )
    const logout = calls.find((c) => c.url.pathname === "/auth/v1/logout")
    expect(logout?.url.searchParams.get("scope")).toBe("others")
  })

  it("offers to set up two-factor when it is off, and lists the app with Remove when on", async () => {
    const off = storeSession()
    stubBackend(authServer(off.user), off)
    const first = renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    expect(screen.getByText("Loading...")).toBeInTheDocument()
    expect(await screen.findByText("Two-factor authentication is off.")).toBeInTheDocument()
    expect(
      screen.getByRole("button", { name: "Set up two-factor authentication" }),
    ).toBeInTheDocument()
    first.unmount()

    const on = storeSession([buildTotpFactor()])
    stubBackend(authServer(on.user), on)
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    const list = await screen.findByRole("list", { name: "Authenticator apps" })
    expect(list).toHaveTextContent("Authenticator app")
    expect(list).toHaveTextContent("Added Nov 1, 2026")
    expect(screen.getByRole("button", { name: "Remove" })).toBeInTheDocument()
  })

  it("says when the two-factor settings cannot be read and offers to try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const session = storeSession()
    stubBackend(() => ({ status: 500, json: { msg: "boom" } }), session)
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    expect(
      await screen.findByText("Your two-factor settings could not be loaded."),
    ).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument()
  })
})
