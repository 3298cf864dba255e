import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"

import {
  forgetSessionEnd,
  noteSessionEnd,
  removedMessage,
  SESSION_ENDED_MESSAGE,
} from "@/lib/auth/session-end"
import { renderApp } from "@/testing/render-app"

import { SignInForm } from "../components/sign-in-form"

afterEach(forgetSessionEnd)

describe("/auth after a session ended", () => {
  it("says why above the form, once", () => {
    noteSessionEnd(SESSION_ENDED_MESSAGE)
    const { unmount } = renderApp(<SignInForm />, { path: "/auth" })
    expect(screen.getByRole("alert")).toHaveTextContent("Your session ended. Sign in again.")
    expect(screen.getByText("Admin Platform")).toBeInTheDocument()
    unmount()

    renderApp(<SignInForm />, { path: "/auth" })
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it("names the company a removed person was in", () => {
    noteSessionEnd(removedMessage("Acme GmbH"))
    renderApp(<SignInForm />, { path: "/auth" })
    expect(screen.getByRole("alert")).toHaveTextContent(
      "You are no longer a member of Acme GmbH. Ask its owner or an admin to invite you again.",
    )
  })

  it("says nothing after this tab's own Log out", () => {
    renderApp(<SignInForm />, { path: "/auth" })
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })
})
