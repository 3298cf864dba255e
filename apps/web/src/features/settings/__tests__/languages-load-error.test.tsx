import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { SettingsPage } from "../settings-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The account reads answer; GET /user/languages fails until `healed`. */
function failingLanguages() {
  const state = { healed: false }
  const reply = (request: StubRequest) => {
    const path = request.url.pathname
    if (path === "/rest/v1/users") return { json: { name: "acme corp" } }
    if (path.endsWith("/user/languages"))
      return state.healed
        ? { json: { languages: [{ id: "r1", language: "French", language_code: "FR" }] } }
        : { status: 500, json: { error: { code: "internal_error", message: "Database down" } } }
    return { json: [] }
  }
  return { state, reply }
}

describe("Settings → Languages when the list cannot be read", { timeout: 20_000 }, () => {
  it("shows the error with Retry, never 'No languages added yet', and Retry reads again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const server = failingLanguages()
    stubBackend(server.reply)
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: signedIn() })

    const alert = await screen.findByRole("alert", {}, { timeout: 5000 })
    expect(alert).toHaveTextContent("The languages could not be loaded.")
    expect(alert).toHaveTextContent("Database down")
    expect(screen.queryByText("No languages added yet")).not.toBeInTheDocument()

    server.state.healed = true
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await screen.findByRole("row", { name: /French/ })).toBeInTheDocument()
    expect(screen.queryByText("The languages could not be loaded.")).not.toBeInTheDocument()
  })
})
