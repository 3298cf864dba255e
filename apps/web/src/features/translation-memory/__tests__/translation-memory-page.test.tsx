import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { TranslationMemoryPage } from "../translation-memory-page"
import { buildTmEntry, tmServer } from "./tm-server"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const setup = () => userEvent.setup({ pointerEventsCheck: 0 })
const renderPage = (path = "/translation-memory") =>
  renderApp(<TranslationMemoryPage />, { path, auth: signedIn() })
const table = () => screen.findByRole("table", { name: "Translation memory entries" })
const rowOf = async (text: string) =>
  (await screen.findByRole("cell", { name: text })).closest("tr") as HTMLElement
const tmGets = (calls: ReturnType<typeof stubBackend>) =>
  calls.filter((c) => c.method === "GET" && c.url.pathname === "/api/v1/master-tm/entries")

describe("Translation Memory", { timeout: 20_000 }, () => {
  it("shows skeletons, then the totals and the entries newest first", async () => {
    const older = buildTmEntry({ source_text: "Checkout", target_text: "Kasse", enabled: false })
    const newer = buildTmEntry({
      source_text: "Add to cart",
      target_text: "In den Warenkorb",
      information_source: "approved",
      source_name: "Buy button",
    })
    stubBackend(tmServer({ entries: [older, newer] }).handler)
    renderPage()
    expect(screen.getByText("Loading entries...")).toBeInTheDocument()

    const rows = within(await table())
      .getAllByRole("row")
      .slice(1)
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual([
      "Add to cart",
      "Checkout",
    ])
    expect(rows[0]).toHaveTextContent("EN → to DE")
    expect(within(rows[0]!).getByText("Approved")).toBeInTheDocument()
    expect(within(rows[0]!).getByText("Buy button")).toBeInTheDocument()
    expect(within(rows[0]!).getByRole("switch", { name: 'Enabled: "Add to cart"' })).toBeChecked()
    expect(within(rows[1]!).getByRole("switch")).not.toBeChecked()
    expect(screen.getByText("Showing 1-2 of 2 entries")).toBeInTheDocument()

    const stats = within(screen.getByLabelText("Translation memory totals"))
    await waitFor(() => expect(stats.getByText("Entries").nextSibling).toHaveTextContent("2"))
    expect(stats.getByText("Enabled").nextSibling).toHaveTextContent("1")
    expect(stats.getByText("Disabled").nextSibling).toHaveTextContent("1")
  })

  it("offers 'No entries yet' with an Add button that opens the dialog", async () => {
    stubBackend(tmServer().handler)
    const user = setup()
    renderPage()
    expect(await screen.findByText("No entries yet")).toBeInTheDocument()
    const empty = screen.getByText("No entries yet").parentElement as HTMLElement
    await user.click(within(empty).getByRole("button", { name: "Add entry" }))
    expect(await screen.findByRole("dialog", { name: "Add entry" })).toBeInTheDocument()
  })

  it("keeps the filters in the address and asks the API for them", async () => {
    const calls = stubBackend(
      tmServer({
        entries: [
          buildTmEntry({ source_text: "Add to cart" }),
          buildTmEntry({ source_text: "Cart is empty", information_source: "import" }),
          buildTmEntry({ source_text: "Checkout", target_language_code: "fr" }),
        ],
      }).handler,
    )
    const user = setup()
    const { router } = renderPage()
    await table()

    await user.type(screen.getByLabelText("Search"), "cart")
    await waitFor(() => expect(router.state.location.search).toBe("?q=cart"))
    // Debounced: one request for the whole word, not one per letter.
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Checkout" })).toBeNull())
    expect(tmGets(calls).map((c) => c.url.searchParams.get("search"))).toEqual([null, "cart"])

    await user.click(screen.getByLabelText("Source"))
    await user.click(await screen.findByRole("option", { name: "Import" }))
    await user.click(screen.getByRole("switch", { name: "Enabled only" }))
    await waitFor(() =>
      expect(router.state.location.search).toBe("?q=cart&source=import&enabled=1"),
    )
    expect(await rowOf("Cart is empty")).toBeInTheDocument()
    expect(screen.queryByRole("cell", { name: "Add to cart" })).toBeNull()
    expect(Object.fromEntries(tmGets(calls).at(-1)!.url.searchParams)).toMatchObject({
      search: "cart",
      information_source: "import",
      enabled_only: "true",
    })

    await user.click(screen.getByLabelText("Target language"))
    await user.click(await screen.findByRole("option", { name: "German (DE)" }))
    await waitFor(() => expect(router.state.location.search).toContain("target=de"))
    expect(tmGets(calls).at(-1)!.url.searchParams.get("target_lang")).toBe("de")
  })

  it("reads the filters and the page from the address, and clears them", async () => {
    const entries = Array.from({ length: 25 }, (_, i) => buildTmEntry({ source_text: `Row ${i}` }))
    const calls = stubBackend(tmServer({ entries }).handler)
    const user = setup()
    const { router } = renderPage("/translation-memory?page=2")
    expect(await screen.findByText("Showing 21-25 of 25 entries")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page")
    expect(tmGets(calls)[0]!.url.searchParams.get("offset")).toBe("20")
    await user.click(screen.getByRole("button", { name: "Previous" }))
    expect(await screen.findByText("Showing 1-20 of 25 entries")).toBeInTheDocument()
    expect(router.state.location.search).toBe("")

    await router.navigate("/translation-memory?q=nothing-like-this")
    // The search waits out its debounce and a fresh read: on a loaded CI machine that took >5 s.
    const slow = { timeout: 15_000 }
    expect(await screen.findByText("No entries match these filters", {}, slow)).toBeInTheDocument()
    expect(screen.getByLabelText("Search")).toHaveValue("nothing-like-this")
    await user.click(screen.getByRole("button", { name: "Clear filters" }))
    expect(await screen.findByText("Showing 1-20 of 25 entries", {}, slow)).toBeInTheDocument()
    expect(screen.getByLabelText("Search")).toHaveValue("")
  })

  it("adds an entry, with problems shown beside their fields", async () => {
    const calls = stubBackend(tmServer().handler)
    const user = setup()
    renderPage()
    await screen.findByText("No entries yet")
    await user.click(screen.getAllByRole("button", { name: "Add entry" })[0]!)
    const dialog = await screen.findByRole("dialog", { name: "Add entry" })
    expect(within(dialog).getByLabelText("Source language")).toHaveValue("en")

    await user.click(within(dialog).getByRole("button", { name: "Add entry" }))
    expect(await within(dialog).findByText("Source text cannot be empty")).toBeInTheDocument()
    expect(within(dialog).getByText("Translation cannot be empty")).toBeInTheDocument()
    expect(within(dialog).getByText("Target language is required")).toBeInTheDocument()
    expect(within(dialog).getByLabelText("Translation")).toHaveAttribute("aria-invalid", "true")

    await user.type(within(dialog).getByLabelText("Source text"), " Add to cart ")
    await user.type(within(dialog).getByLabelText("Translation"), "In den Warenkorb")
    await user.click(within(dialog).getByRole("button", { name: "Target language: German" }))
    await user.type(within(dialog).getByLabelText("Label (optional)"), "Buy button")
    await user.click(within(dialog).getByRole("button", { name: "Add entry" }))

    await findToast("Entry added")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      source_text: "Add to cart",
      target_text: "In den Warenkorb",
      source_language_code: "en",
      target_language_code: "de",
      information_source: "manual",
      source_name: "Buy button",
    })
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(await rowOf("Add to cart")).toHaveTextContent("Buy button")
  })

  it("edits a translation", async () => {
    const entry = buildTmEntry({ source_text: "Checkout", target_text: "Kasse" })
    const calls = stubBackend(tmServer({ entries: [entry] }).handler)
    const user = setup()
    renderPage()
    const row = await rowOf("Checkout")
    await user.click(within(row).getByRole("button", { name: 'Edit translation of "Checkout"' }))
    const dialog = await screen.findByRole("dialog", { name: "Edit translation" })
    const translation = within(dialog).getByLabelText("Translation")
    expect(translation).toHaveValue("Kasse")
    await user.clear(translation)
    await user.click(within(dialog).getByRole("button", { name: "Save" }))
    expect(await within(dialog).findByText("Translation cannot be empty")).toBeInTheDocument()
    await user.type(translation, "Zur Kasse")
    await user.click(within(dialog).getByRole("button", { name: "Save" }))

    await findToast("Translation updated")
    const patch = calls.find((c) => c.method === "PATCH")
    expect(patch?.url.pathname).toBe(`/api/v1/master-tm/entries/${entry.id}`)
    expect(patch?.body).toEqual({ target_text: "Zur Kasse" })
    expect(await screen.findByRole("cell", { name: "Zur Kasse" })).toBeInTheDocument()
  })

  it("switches an entry off at once, and back on when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const entry = buildTmEntry({ source_text: "Checkout" })
    let answer: (reply: { status: number; json: unknown }) => void = () => {}
    const server = tmServer({
      entries: [entry],
      override: (request) =>
        request.method === "PATCH" ? new Promise((resolve) => (answer = resolve)) : undefined,
    })
    const calls = stubBackend(server.handler)
    const user = setup()
    renderPage()
    const toggle = within(await rowOf("Checkout")).getByRole("switch")

    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true))
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false })
    answer({ status: 400, json: { error: { code: "invalid", message: "Not today" } } })

    await findToast("Error updating entry", "Not today")
    await waitFor(() => expect(within(screen.getByRole("table")).getByRole("switch")).toBeChecked())
  })

  it("keeps a switched-off entry off when the server agrees", async () => {
    const entry = buildTmEntry({ source_text: "Checkout" })
    const server = tmServer({ entries: [entry] })
    stubBackend(server.handler)
    const user = setup()
    renderPage()
    await user.click(within(await rowOf("Checkout")).getByRole("switch"))
    await waitFor(() => expect(server.state.entries[0]?.enabled).toBe(false))
    const stats = within(screen.getByLabelText("Translation memory totals"))
    await waitFor(() => expect(stats.getByText("Disabled").nextSibling).toHaveTextContent("1"))
    expect(within(screen.getByRole("table")).getByRole("switch")).not.toBeChecked()
  })

  it("deletes an entry after confirmation", async () => {
    const entry = buildTmEntry({ source_text: "Checkout" })
    const calls = stubBackend(tmServer({ entries: [entry] }).handler)
    const user = setup()
    renderPage()
    await user.click(
      within(await rowOf("Checkout")).getByRole("button", { name: 'Delete "Checkout"' }),
    )
    const dialog = await screen.findByRole("alertdialog", { name: "Delete entry?" })
    await user.click(within(dialog).getByRole("button", { name: "Delete" }))
    await findToast("Entry deleted")
    expect(calls.find((c) => c.method === "DELETE")?.url.pathname).toBe(
      `/api/v1/master-tm/entries/${entry.id}`,
    )
    expect(await screen.findByText("No entries yet")).toBeInTheDocument()
  })

  it("shows an error with a retry when the entries cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    let fail = true
    const server = tmServer({
      override: (request) =>
        fail && request.url.pathname.endsWith("/entries")
          ? { status: 400, json: { error: { code: "bad", message: "The memory is asleep" } } }
          : undefined,
    })
    stubBackend(server.handler)
    const user = setup()
    renderPage()
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("The translation memory could not be loaded.")
    expect(alert).toHaveTextContent("The memory is asleep")
    await findToast("Error fetching translation memory", "The memory is asleep")
    fail = false
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await screen.findByText("No entries yet")).toBeInTheDocument()
  })
})
