import { screen, waitFor, within } from "@testing-library/react"
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

const languages = { languages: [{ id: "l1", language: "French", language_code: "FR" }] }
const stored = (id: string, name: string) => ({
  id,
  name,
  language_code: "FR",
  entry_count: 1,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
})
const answer = {
  translated_text: "Panier",
  language: "French",
  language_code: "FR",
  cost: 1,
  credits_remaining: 9,
  engine: "offline",
  operation_id: "op-1",
}

/** Languages, the company's glossaries (a POST adds one) and culturalize. */
function backend(glossaries = [stored("g-1", "Checkout")]) {
  const list = [...glossaries]
  return stubBackend(({ method, url, body }: StubRequest) => {
    if (url.pathname.endsWith("/user/languages")) return { json: languages }
    if (url.pathname.endsWith("/glossaries") && method === "GET")
      return { json: { glossaries: list } }
    if (url.pathname.endsWith("/glossaries") && method === "POST") {
      const { name, language_code } = body as { name: string; language_code: string }
      const saved = { ...stored("g-new", name), language_code }
      list.push(saved)
      return { status: 201, json: saved }
    }
    if (url.pathname.endsWith("/text/culturalize")) return { json: answer }
    return { status: 404 }
  })
}

const culturalized = (calls: ReturnType<typeof stubBackend>) =>
  calls.find((c) => c.url.pathname.endsWith("/text/culturalize"))?.body

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Text to Culturalize"), "Cart")
  await user.click(await screen.findByLabelText("Target Language"))
  await user.click(await screen.findByRole("option", { name: "French (FR)" }))
}

describe("the Playground's saved glossaries", { timeout: 20_000 }, () => {
  it("sends the chosen saved glossary as glossary_id, and none when 'None' is chosen", async () => {
    const calls = backend([stored("g-1", "Checkout"), stored("g-2", "Marketing")])
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    const select = screen.getByLabelText(/Saved glossary/)
    expect(select).toHaveTextContent("None")
    await fill(user)
    await user.click(select)
    await user.click(await screen.findByRole("option", { name: "Marketing (FR)" }))
    expect(select).toHaveTextContent("Marketing (FR)")
    await user.click(screen.getByRole("button", { name: "Culturalize" }))
    await screen.findByTestId("culturalized-text")
    expect(culturalized(calls)).toMatchObject({ text: "Cart", glossary_id: "g-2" })

    calls.length = 0
    await user.click(select)
    await user.click(await screen.findByRole("option", { name: "None" }))
    await user.click(screen.getByRole("button", { name: "Culturalize" }))
    await waitFor(() => expect(culturalized(calls)).toBeDefined())
    expect(culturalized(calls)).not.toHaveProperty("glossary_id")
  })

  it("saves a picked CSV as a glossary under the name asked for, in the target language, and selects it", async () => {
    const calls = backend()
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    expect(screen.queryByRole("button", { name: "Save as glossary" })).not.toBeInTheDocument()

    await user.upload(
      screen.getByLabelText(/Glossary CSV/),
      new File(["source,target\nCart,Panier\n"], "shop terms.csv", { type: "text/csv" }),
    )
    await findToast("CSV uploaded", "shop terms.csv has been selected for glossary")
    const save = screen.getByRole("button", { name: "Save as glossary" })
    expect(save).toBeDisabled()
    expect(
      screen.getByText("Select a target language to save shop terms.csv as a glossary."),
    ).toBeInTheDocument()

    await fill(user)
    await user.click(screen.getByRole("button", { name: "Save as glossary" }))
    const dialog = await screen.findByRole("dialog", { name: "Save as glossary" })
    expect(within(dialog).getByLabelText("Name")).toHaveValue("shop terms")
    await user.click(within(dialog).getByRole("button", { name: "Save glossary" }))
    await findToast("Glossary saved", "shop terms is now a saved glossary")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "shop terms",
      language_code: "FR",
      entries: [{ source: "Cart", target: "Panier" }],
    })
    expect(screen.getByLabelText(/Saved glossary/)).toHaveTextContent("shop terms (FR)")

    await user.click(screen.getByRole("button", { name: "Culturalize" }))
    await screen.findByTestId("culturalized-text")
    expect(culturalized(calls)).toMatchObject({
      glossary: [{ source: "Cart", target: "Panier" }],
      glossary_id: "g-new",
    })
  })
})
