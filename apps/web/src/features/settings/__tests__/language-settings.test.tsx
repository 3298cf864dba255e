import type { Language, MemberRole } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { buildSession, signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { LanguagesTab } from "../components/languages-tab"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const german: Language = {
  id: "de-1",
  language: "German",
  language_code: "DE",
  formality: null,
  custom_style: null,
}
const french: Language = {
  id: "fr-1",
  language: "French",
  language_code: "FR",
  formality: "formal",
  custom_style: "Vouvoyez toujours le lecteur.",
}

/** GET /user/languages and the two PATCHes, kept in memory; `refuse` answers a PATCH with it. */
function languagesServer(refuse?: { status: number; json: unknown }) {
  let rows = [german, french]
  return (request: StubRequest) => {
    const path = request.url.pathname
    if (path.endsWith("/user/languages")) return { json: { languages: rows } }
    const setting = /\/user\/languages\/([^/]+)\/(formality|custom-style)$/.exec(path)
    if (setting && request.method === "PATCH") {
      if (refuse) return refuse
      const change = request.body as Partial<Language>
      rows = rows.map((row) => (row.id === setting[1] ? { ...row, ...change } : row))
      return { json: { success: true } }
    }
    return { status: 404, json: {} }
  }
}

function renderTab(server: ReturnType<typeof languagesServer>, role: MemberRole = "owner") {
  vi.spyOn(console, "error").mockImplementation(() => {})
  const auth = signedIn()
  const calls = stubBackend(server, buildSession(auth.user!), { role })
  renderApp(<LanguagesTab />, { auth })
  return calls
}

const patches = (calls: ReturnType<typeof stubBackend>) =>
  calls.filter((c) => c.method === "PATCH").map((c) => [c.url.pathname, c.body])

describe("Settings → Languages: formality and custom style", { timeout: 20_000 }, () => {
  it("shows each language's formality and custom style, 'Default' and 'None' when unset", async () => {
    renderTab(languagesServer())
    const germanRow = await screen.findByRole("row", { name: /German/ })
    expect(within(germanRow).getByText("Default")).toBeInTheDocument()
    expect(within(germanRow).getByText("None")).toBeInTheDocument()
    const frenchRow = screen.getByRole("row", { name: /French/ })
    expect(within(frenchRow).getByText("Formal")).toBeInTheDocument()
    expect(within(frenchRow).getByText("Vouvoyez toujours le lecteur.")).toBeInTheDocument()
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Language",
      "Code",
      "Formality",
      "Custom style",
      "Actions",
    ])
  })

  it("saves only what changed in the dialog, and the row shows it", async () => {
    const calls = renderTab(languagesServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    await user.click(await screen.findByRole("button", { name: "Edit German" }))
    const dialog = await screen.findByRole("dialog", { name: "German (DE)" })
    expect(within(dialog).getByLabelText("Formality")).toHaveTextContent("Default")
    await user.click(within(dialog).getByLabelText("Formality"))
    await user.click(await screen.findByRole("option", { name: "Informal" }))
    await user.click(within(dialog).getByRole("button", { name: "Save" }))

    await findToast("Success", "Language settings saved")
    expect(patches(calls)).toEqual([
      ["/api/v1/user/languages/de-1/formality", { formality: "informal" }],
    ])
    const row = await screen.findByRole("row", { name: /German DE Informal/ })
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()

    await user.click(within(row).getByRole("button", { name: "Edit German" }))
    const style = await screen.findByLabelText("Custom style")
    await user.type(style, "  Use du. ")
    expect(screen.getByText(/^10 \/ 2,000/)).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Save" }))
    await findToast("Success", "Language settings saved")
    expect(patches(calls).at(-1)).toEqual([
      "/api/v1/user/languages/de-1/custom-style",
      { custom_style: "Use du." },
    ])
    expect(await screen.findByText("Use du.")).toBeInTheDocument()
  })

  it("sends null for 'Default' and for an emptied custom style", async () => {
    const calls = renderTab(languagesServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    await user.click(await screen.findByRole("button", { name: "Edit French" }))
    await user.click(await screen.findByLabelText("Formality"))
    await user.click(await screen.findByRole("option", { name: "Default" }))
    await user.clear(screen.getByLabelText("Custom style"))
    await user.click(screen.getByRole("button", { name: "Save" }))
    await findToast("Success", "Language settings saved")
    expect(patches(calls)).toEqual([
      ["/api/v1/user/languages/fr-1/formality", { formality: null }],
      ["/api/v1/user/languages/fr-1/custom-style", { custom_style: null }],
    ])
  })

  it("shows the server's refusal under 'Error updating language' and keeps the dialog open", async () => {
    renderTab(
      languagesServer({
        status: 403,
        json: { error: { code: "forbidden", message: "Only owners and admins can do this." } },
      }),
    )
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    await user.click(await screen.findByRole("button", { name: "Edit German" }))
    await user.type(await screen.findByLabelText("Custom style"), "Use du.")
    await user.click(screen.getByRole("button", { name: "Save" }))
    await findToast("Error updating language", "Only owners and admins can do this.")
    expect(screen.getByRole("dialog")).toBeInTheDocument()
  })

  it("shows members the values without edit or delete buttons", async () => {
    renderTab(languagesServer(), "member")
    const row = await screen.findByRole("row", { name: /French/ })
    expect(within(row).getByText("Formal")).toBeInTheDocument()
    expect(within(row).getByText("Vouvoyez toujours le lecteur.")).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument()
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument()
  })
})
