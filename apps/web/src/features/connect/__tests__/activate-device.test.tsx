import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { ActivateDevice } from "../components/activate-device"
import { buildConsentDetails } from "./consent-details"

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const refusal = (status: number, code: string, message: string) => ({
  status,
  json: { error: { code, message } },
})

/** The device endpoints with one pending code, WDJBMJHT, typed in any case and with a dash. */
function deviceServer({ role = "owner" as "owner" | "member" } = {}) {
  return (request: StubRequest) => {
    const body = request.body as { user_code?: string }
    const known = body.user_code?.toUpperCase().replace(/[^A-Z0-9]/g, "") === "WDJBMJHT"
    if (!known)
      return refusal(
        400,
        "invalid_user_code",
        "That code is not valid. Check the code the app shows.",
      )
    const details = buildConsentDetails({
      client: { id: "nativ-cli", name: "Nativ CLI", uri: null },
      scopes: ["translate", "read", "manage", "offline_access"],
      member: { email: `${role}@acme.test`, role },
      can_grant_manage: role === "owner",
    })
    if (request.url.pathname === "/oauth/device/lookup") return { json: details }
    if (request.url.pathname === "/oauth/device/approve") return { json: { status: "approved" } }
    if (request.url.pathname === "/oauth/device/deny") return { json: { status: "denied" } }
    return { status: 404 }
  }
}

const open = (path = "/activate") => renderApp(<ActivateDevice />, { path, auth: signedIn() })

async function enter(code: string) {
  const field = screen.getByLabelText("Code")
  await userEvent.clear(field)
  await userEvent.type(field, code)
  await userEvent.click(screen.getByRole("button", { name: "Continue" }))
}

describe("/activate", () => {
  it("looks up the typed code, then approves it with the scopes kept", async () => {
    const calls = stubBackend(deviceServer())
    open()
    await enter("wdjb-mjht")
    expect(
      await screen.findByRole("heading", { name: "Nativ CLI wants to access Acme Localization" }),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole("checkbox", { name: /^Change your glossaries/ }))
    await userEvent.click(screen.getByRole("button", { name: "Approve" }))
    expect(
      await screen.findByRole("heading", { name: "Nativ CLI is connected" }),
    ).toBeInTheDocument()
    expect(screen.getByText("You can close this tab and return to Nativ CLI.")).toBeInTheDocument()
    const approve = calls.find((call) => call.url.pathname === "/oauth/device/approve")!
    expect(approve.body).toEqual({
      user_code: "wdjb-mjht",
      scopes: ["translate", "read", "offline_access"],
    })
  })

  it("pre-fills the code from the link but waits for Continue", async () => {
    const calls = stubBackend(deviceServer())
    open("/activate?user_code=WDJB-MJHT")
    expect(screen.getByLabelText("Code")).toHaveValue("WDJB-MJHT")
    expect(calls).toEqual([])
    await userEvent.click(screen.getByRole("button", { name: "Continue" }))
    expect(await screen.findByRole("button", { name: "Approve" })).toBeInTheDocument()
  })

  it("shows a refused code under the field, and clears it when the code is edited", async () => {
    stubBackend(deviceServer())
    open()
    await enter("NOPE-NOPE")
    const field = screen.getByLabelText("Code")
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        "That code is not valid. Check the code the app shows.",
      ),
    )
    expect(field).toHaveAttribute("aria-invalid", "true")
    await userEvent.type(field, "X")
    expect(field).not.toHaveAttribute("aria-invalid")
  })

  it("asks for a code before calling the server", async () => {
    const calls = stubBackend(deviceServer())
    open()
    await userEvent.click(screen.getByRole("button", { name: "Continue" }))
    expect(screen.getByLabelText("Code")).toHaveAccessibleDescription(
      "Enter the code the app shows",
    )
    expect(calls).toEqual([])
  })

  it("denies, and says so", async () => {
    const calls = stubBackend(deviceServer())
    open()
    await enter("WDJBMJHT")
    await userEvent.click(await screen.findByRole("button", { name: "Deny" }))
    expect(await screen.findByRole("heading", { name: "Access denied" })).toBeInTheDocument()
    expect(
      screen.getByText("Nativ CLI was not connected. You can close this tab."),
    ).toBeInTheDocument()
    expect(calls.at(-1)).toMatchObject({ body: { user_code: "WDJBMJHT" } })
  })

  it("shows manage unavailable to a member", async () => {
    stubBackend(deviceServer({ role: "member" }))
    open()
    await enter("WDJBMJHT")
    const manage = await screen.findByRole("checkbox", { name: /^Change your glossaries/ })
    expect(manage).toBeDisabled()
    expect(manage).not.toBeChecked()
  })

  it("goes back to the code with 'Use a different code'", async () => {
    stubBackend(deviceServer())
    open()
    await enter("WDJBMJHT")
    await userEvent.click(await screen.findByRole("button", { name: "Use a different code" }))
    expect(screen.getByLabelText("Code")).toHaveValue("WDJBMJHT")
  })
})
