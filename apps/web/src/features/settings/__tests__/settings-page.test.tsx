import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn, testConfig } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SettingsPage } from "../settings-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

type Row = { id: string; language: string; language_code: string }

/** Answers the account reads, GET /user/languages and the REST inserts and deletes. */
function settingsServer(initial: Row[] = []) {
  let rows = [...initial]
  return (request: StubRequest) => {
    const path = request.url.pathname
    if (path === "/rest/v1/users") return { json: { name: "acme corp" } }
    if (path === "/rest/v1/end_users") return { json: { email: "owner@acme.test" } }
    if (path.endsWith("/user/languages")) return { json: { languages: rows } }
    if (request.method === "POST") {
      const body = request.body as { language: string; language_code: string }
      if (rows.some((r) => r.language_code === body.language_code))
        return { status: 409, json: { code: "23505", message: "duplicate key value" } }
      rows = [...rows, { id: `r${rows.length + 1}`, ...body }]
      return { status: 201 }
    }
    const id = request.url.searchParams.get("id")?.replace("eq.", "")
    rows = rows.filter((r) => r.id !== id)
    return { status: 204 }
  }
}

describe("Settings", { timeout: 20_000 }, () => {
  it("opens General by default with the company name capitalised and the email, read-only", async () => {
    stubBackend(settingsServer())
    renderApp(<SettingsPage />, { path: "/settings", auth: signedIn() })
    expect(screen.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true")
    expect(screen.getByLabelText("Company Name")).toHaveValue("Loading...")
    await vi.waitFor(() => expect(screen.getByLabelText("Company Name")).toHaveValue("Acme corp"))
    expect(screen.getByLabelText("Email")).toHaveValue("owner@acme.test")
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly")
  })

  it("says 'Not Available' when the account cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({ status: 406, json: { code: "PGRST116", message: "no rows" } }))
    renderApp(<SettingsPage />, { path: "/settings", auth: signedIn() })
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Company Name")).toHaveValue("Not Available"),
    )
    expect(screen.getByLabelText("Email")).toHaveValue("Not Available")
  })

  it("keeps the active tab in the address and shows the version and support contact", async () => {
    stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const { router } = renderApp(<SettingsPage />, {
      path: "/settings?tab=about",
      auth: signedIn(),
    })
    expect(screen.getByRole("tab", { name: "About" })).toHaveAttribute("aria-selected", "true")
    expect(screen.getByText("1.0.0")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: testConfig.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${testConfig.supportEmail}`,
    )
    await user.click(screen.getByRole("tab", { name: "Languages" }))
    expect(router.state.location.search).toBe("?tab=languages")
    await user.click(screen.getByRole("tab", { name: "General" }))
    expect(router.state.location.search).toBe("")
  })

  it("adds a trimmed, upper-case language, names a duplicate code and deletes a row", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const auth = signedIn()
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth })
    expect(screen.getByText("Loading languages...")).toBeInTheDocument()
    expect(await screen.findByText("No languages added yet")).toBeInTheDocument()

    const name = screen.getByLabelText("Language Name *")
    const code = screen.getByLabelText("Language Code *")
    const add = screen.getByRole("button", { name: "Add Language" })
    expect(add).toBeDisabled()
    await user.type(name, "  French ")
    await user.type(code, "fr")
    expect(code).toHaveValue("FR")
    await user.click(add)
    await findToast("Success", "Language added successfully")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      user_id: auth.user?.id,
      language: "French",
      language_code: "FR",
    })
    expect(name).toHaveValue("")
    const row = await screen.findByRole("row", { name: /French/ })

    await user.type(name, "Français")
    await user.type(code, "fr")
    await user.click(add)
    await findToast("Error adding language", "FR is already in your list")

    await user.click(within(row).getByRole("button", { name: "Delete French" }))
    // Like every other delete, it asks first: Cancel keeps the language.
    const confirm = await screen.findByRole("alertdialog", { name: "Delete language?" })
    expect(confirm).toHaveTextContent("French (FR) will no longer be offered")
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }))
    expect(calls.some((c) => c.method === "DELETE")).toBe(false)
    await user.click(within(row).getByRole("button", { name: "Delete French" }))
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    )
    await findToast("Success", "Language deleted successfully")
    expect(await screen.findByText("No languages added yet")).toBeInTheDocument()
  })

  it("keeps 'Add Language' disabled while the name or the code is only spaces", async () => {
    const calls = stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: signedIn() })
    const name = await screen.findByLabelText("Language Name *")
    const code = screen.getByLabelText("Language Code *")
    const add = screen.getByRole("button", { name: "Add Language" })

    await user.type(name, "   ")
    await user.type(code, "fr")
    expect(add).toBeDisabled()
    await user.clear(name)
    await user.type(name, "French")
    await user.clear(code)
    await user.type(code, "  ")
    expect(add).toBeDisabled()
    await user.type(code, "{Enter}")
    await user.clear(code)
    await user.type(code, "fr")
    expect(add).toBeEnabled()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("refuses to add without a resolved user with 'Validation Error' and caps the code at 5 characters", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const auth = signedIn()
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: { ...auth, user: null } })
    await user.type(screen.getByLabelText("Language Name *"), "French")
    await user.type(screen.getByLabelText("Language Code *"), "abcdefg")
    expect(screen.getByLabelText("Language Code *")).toHaveValue("ABCDE")
    await user.click(screen.getByRole("button", { name: "Add Language" }))
    await findToast("Validation Error", "Please fill in both language name and code")
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })
})
