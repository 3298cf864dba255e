import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { renderApp } from "@/testing/render-app"

import { DeclineInvitation } from "../components/decline-invitation"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("the decline-invitation page", () => {
  it("declines only when asked, without a session, and says what happened", async () => {
    const calls = stubBackend(() => ({ json: { email: "bob@x.test", company_name: "Acme" } }), null)
    const user = userEvent.setup()
    renderApp(<DeclineInvitation />, { path: "/decline-invitation?token=secret-token" })
    expect(await screen.findByText("Decline invitation?")).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await user.click(screen.getByRole("button", { name: "Decline invitation" }))
    expect(await screen.findByText("Invitation declined")).toBeInTheDocument()
    expect(screen.getByText(/bob@x.test will not join Acme\./)).toBeInTheDocument()
    const call = calls.find((c) => c.url.pathname.endsWith("/invitations/decline"))
    expect(call?.method).toBe("POST")
    expect(call?.body).toEqual({ token: "secret-token" })
    expect(call?.headers.get("authorization")).toBeNull()
  })

  it("shows the server's reason when the invitation is no longer open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(
      () => ({
        status: 404,
        json: {
          error: {
            code: "not_found",
            message:
              "This invitation is no longer open: it was already accepted, declined or withdrawn.",
          },
        },
      }),
      null,
    )
    const user = userEvent.setup()
    renderApp(<DeclineInvitation />, { path: "/decline-invitation?token=used" })
    await user.click(await screen.findByRole("button", { name: "Decline invitation" }))
    expect(await screen.findByText("Invitation no longer open")).toBeInTheDocument()
    expect(screen.getByText(/already accepted, declined or withdrawn/)).toBeInTheDocument()
  })

  it("without a token says the link is invalid", async () => {
    stubBackend(() => ({ json: {} }), null)
    renderApp(<DeclineInvitation />, { path: "/decline-invitation" })
    expect(await screen.findByText("Invitation no longer open")).toBeInTheDocument()
    expect(screen.getByText("This invitation link is invalid or has expired.")).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Decline invitation" })).toBeNull()
  })
})
