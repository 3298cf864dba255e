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

    // A code already in the list is refused under the field, before anything is sent.
    await user.type(name, "Français")
    await user.type(code, "fr")
    expect(code).toHaveAccessibleDescription("FR is already in your list")
    expect(add).toBeDisabled()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1)

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

  it("refuses to add without a resolved user with 'Validation Error'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const auth = signedIn()
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: { ...auth, user: null } })
    await user.type(screen.getByLabelText("Language Name *"), "French")
    await user.type(screen.getByLabelText("Language Code *"), "fr")
    await user.click(screen.getByRole("button", { name: "Add Language" }))
    await findToast("Validation Error", "Please fill in both language name and code")
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("refuses a 6th character and an ill-formed code under the field, without cutting it", async () => {
    const calls = stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: signedIn() })
    await user.type(await screen.findByLabelText("Language Name *"), "Klingon")
    const code = screen.getByLabelText("Language Code *")
    const add = screen.getByRole("button", { name: "Add Language" })
    await user.type(code, "tlhxxx")
    expect(code).toHaveValue("TLHXXX")
    expect(code).toHaveAccessibleDescription("The code can be at most 5 characters")
    expect(code).toHaveAttribute("aria-invalid", "true")
    expect(add).toBeDisabled()

    await user.clear(code)
    await user.type(code, "1!")
    expect(code).toHaveAccessibleDescription(/Enter a language code such as FR, ES or PT-BR/)
    expect(add).toBeDisabled()

    await user.clear(code)
    await user.type(code, "tlh")
    expect(code).not.toHaveAttribute("aria-invalid")
    expect(add).toBeEnabled()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("suggests CLDR languages as the name is typed; arrows and Enter fill the name and code", async () => {
    stubBackend(settingsServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: signedIn() })
    const name = await screen.findByRole("combobox", { name: "Language Name *" })
    await user.type(name, "Japan")
    expect(name).toHaveAttribute("aria-expanded", "true")
    const list = screen.getByRole("listbox", { name: "Suggested languages" })
    expect(within(list).getAllByRole("option")[0]).toHaveTextContent("JapaneseJA")

    await user.keyboard("{ArrowDown}")
    expect(name).toHaveAttribute(
      "aria-activedescendant",
      within(list).getAllByRole("option")[0]!.id,
    )
    await user.keyboard("{Enter}")
    expect(name).toHaveValue("Japanese")
    expect(screen.getByLabelText("Language Code *")).toHaveValue("JA")
    expect(name).toHaveAttribute("aria-expanded", "false")

    // Escape closes the list and keeps what was typed; a region fills upper case.
    await user.clear(name)
    await user.type(name, "Portuguese (Bra")
    expect(screen.getByRole("option", { name: /Portuguese \(Brazil\)/ })).toHaveTextContent("PT-BR")
    await user.keyboard("{Escape}")
    expect(name).toHaveAttribute("aria-expanded", "false")
    expect(name).toHaveValue("Portuguese (Bra")
    await user.type(name, "z")
    await user.click(screen.getByRole("option", { name: /Portuguese \(Brazil\)/ }))
    expect(screen.getByLabelText("Language Code *")).toHaveValue("PT-BR")
  })

  it("tells same-named languages apart by their code", async () => {
    stubBackend(
      settingsServer([
        { id: "r1", language: "French", language_code: "FR" },
        { id: "r2", language: "French", language_code: "FR-CA" },
        { id: "r3", language: "German", language_code: "DE" },
      ]),
    )
    renderApp(<SettingsPage />, { path: "/settings?tab=languages", auth: signedIn() })
    expect(await screen.findByRole("button", { name: "Delete French (FR)" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Delete French (FR-CA)" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Edit French (FR)" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Edit French (FR-CA)" })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Delete German" })).toBeInTheDocument()
  })
})
