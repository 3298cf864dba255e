import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { PlaygroundPage } from "../playground-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const language = (id: string, name: string, code: string) => ({
  id,
  language: name,
  language_code: code,
  formality: null,
  custom_style: null,
})
const languages = [
  language("l1", "French", "FR"),
  language("l2", "French", "FR-CA"),
  language("l3", "German", "DE"),
]
const stored = (id: string, name: string, language_code: string) => ({
  id,
  name,
  language_code,
  entry_count: 1,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
})
const glossaries = [
  stored("g-fr", "Paris", "FR"),
  stored("g-ca", "Québec", "FR-CA"),
  stored("g-de", "Berlin", "DE"),
]

function backend(onPost: (request: StubRequest) => { status: number; json: unknown }) {
  return stubBackend((request: StubRequest) => {
    const { pathname } = request.url
    if (pathname.endsWith("/user/languages")) return { json: { languages } }
    if (pathname.endsWith("/glossaries") && request.method === "GET")
      return { json: { glossaries } }
    if (pathname.endsWith("/glossaries") && request.method === "POST") return onPost(request)
    return { status: 404 }
  })
}

async function chooseLanguage(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByLabelText("Target Language"))
  await user.click(await screen.findByRole("option", { name }))
}

const savedOptions = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByLabelText(/Saved glossary/))
  const options = (await screen.findAllByRole("option")).map((o) => o.textContent)
  await user.keyboard("{Escape}")
  return options
}

describe("the Playground's saved glossaries by language", { timeout: 20_000 }, () => {
  it("offers only the chosen language's glossaries and clears a choice that no longer fits", async () => {
    backend(() => ({ status: 500, json: {} }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    const select = screen.getByLabelText(/Saved glossary/)
    expect(
      await screen.findByText("Select a target language to see its saved glossaries."),
    ).toBeVisible()

    await chooseLanguage(user, "French (FR)")
    expect(await savedOptions(user)).toEqual(["None", "Paris (FR)"])
    await user.click(select)
    await user.click(await screen.findByRole("option", { name: "Paris (FR)" }))
    expect(select).toHaveTextContent("Paris (FR)")

    await chooseLanguage(user, "French (FR-CA)")
    expect(select).toHaveTextContent("None")
    expect(await savedOptions(user)).toEqual(["None", "Québec (FR-CA)"])

    await chooseLanguage(user, "German (DE)")
    expect(await savedOptions(user)).toEqual(["None", "Berlin (DE)"])
  })

  it("refuses a name already used, whatever its case, beside the field, before and after asking the server", async () => {
    const calls = backend(() => ({
      status: 409,
      json: {
        error: {
          code: "glossary_name_taken",
          message: 'A glossary named "Lyon" already exists. Choose another name.',
        },
      },
    }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    await user.upload(
      screen.getByLabelText(/Glossary CSV/),
      new File(["source,target\nCart,Panier\n"], "PARIS.csv", { type: "text/csv" }),
    )
    await findToast("CSV uploaded", "PARIS.csv has been selected for glossary")
    await chooseLanguage(user, "French (FR)")
    await user.click(screen.getByRole("button", { name: "Save as glossary" }))
    const dialog = await screen.findByRole("dialog", { name: "Save as glossary" })
    const name = within(dialog).getByLabelText("Name")
    expect(name).toHaveValue("PARIS")
    await user.click(within(dialog).getByRole("button", { name: "Save glossary" }))
    expect(
      await within(dialog).findByText(
        'A glossary named "PARIS" already exists. Choose another name.',
      ),
    ).toBeInTheDocument()
    expect(name).toHaveAttribute("aria-invalid", "true")
    expect(calls.some((c) => c.method === "POST")).toBe(false)

    // A name taken by someone else meanwhile: the server's 409 is said in the same place.
    await user.clear(name)
    await user.type(name, "Lyon")
    await user.click(within(dialog).getByRole("button", { name: "Save glossary" }))
    expect(
      await within(dialog).findByText(
        'A glossary named "Lyon" already exists. Choose another name.',
      ),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url.pathname)).toEqual([
      "/api/v1/glossaries",
    ])
    expect(screen.getByRole("dialog", { name: "Save as glossary" })).toBeInTheDocument()
  })
})
