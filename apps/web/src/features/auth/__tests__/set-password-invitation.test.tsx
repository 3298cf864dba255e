import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { buildAuthState, buildSession, buildUser } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { InvitationSummary } from "../components/invitation-summary"
import { SetPasswordForm } from "../components/set-password-form"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("/set-password for an invitation", () => {
  it("shows the invited email and the company joined, with the role, above the fields", async () => {
    const user = buildUser({ email: "bob@acme.test" })
    const session = buildSession(user)
    stubBackend((request) => {
      if (request.url.pathname === "/rest/v1/users") return { json: { name: "Acme GmbH" } }
      return { status: 404, json: {} }
    }, session)
    renderApp(<SetPasswordForm onDone={() => {}} details={<InvitationSummary />} />, {
      path: "/set-password",
      auth: buildAuthState({ session, user }),
    })
    expect(screen.getByText("Set Your Password")).toBeInTheDocument()
    expect(screen.getByText("bob@acme.test")).toBeInTheDocument()
    expect(await screen.findByText("Acme GmbH (Owner)")).toBeInTheDocument()
    expect(screen.getByLabelText("New Password")).toBeInTheDocument()
  })
})
