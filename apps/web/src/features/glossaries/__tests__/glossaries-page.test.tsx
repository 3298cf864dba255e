import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { GlossariesPage } from "../glossaries-page"
import { buildGlossary, glossaryServer } from "./glossary-server"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const setup = () => userEvent.setup({ pointerEventsCheck: 0 })
const renderPage = () => renderApp(<GlossariesPage />, { path: "/glossaries", auth: signedIn() })
const table = () => screen.findByRole("table", { name: "Glossaries" })
// The name's own span: on a phone the cell also shows the language and size under it.
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: "td > span" })).closest("tr") as HTMLElement
const csv = (text: string, name = "checkout-de.csv") => new File([text], name, { type: "text/csv" })

describe("Glossaries", { timeout: 20_000 }, () => {
  it("shows skeletons, then each glossary by name with its language and size", async () => {
    stubBackend(
      glossaryServer({
        glossaries: [
          buildGlossary({ name: "Marketing", language_code: "FR", entry_count: 1234 }),
          buildGlossary({ name: "Checkout", language_code: "DE", entry_count: 2 }),
        ],
      }).handler,
    )
    renderPage()
    expect(screen.getByText("Loading glossaries...")).toBeInTheDocument()
    const rows = within(await table())
      .getAllByRole("row")
      .slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [expect.stringMatching(/^CheckoutDE · 2 entriesID[0-9a-f-]{36}$/), "DE", "2"],
      [expect.stringMatching(/^MarketingFR · 1,234 entriesID[0-9a-f-]{36}$/), "FR", "1,234"],
    ])
  })

  it("offers 'No glossaries yet' with a button that opens the dialog", async () => {
    stubBackend(glossaryServer().handler)
    const user = setup()
    renderPage()
    const empty = (await screen.findByText("No glossaries yet")).parentElement as HTMLElement
    await user.click(within(empty).getByRole("button", { name: "New glossary" }))
    expect(await screen.findByRole("dialog", { name: "New glossary" })).toBeInTheDocument()
  })

  it("says when the list cannot be loaded and tries again", async () => {
    let fail = true
    const server = glossaryServer({
      glossaries: [buildGlossary({ name: "Checkout" })],
      override: ({ url }) =>
        fail && url.pathname === "/api/v1/glossaries"
          ? { status: 500, json: { error: { code: "internal", message: "Database down" } } }
          : undefined,
    })
    stubBackend(server.handler)
    const user = setup()
    renderPage()
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("The glossaries could not be loaded.")
    await findToast("Error fetching glossaries", "Database down")
    fail = false
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await rowOf("Checkout")).toBeInTheDocument()
  })

  it("creates a glossary from a file, named after it, and lists it", async () => {
    const server = glossaryServer()
    const calls = stubBackend(server.handler)
    const user = setup()
    renderPage()
    await user.click((await screen.findAllByRole("button", { name: "New glossary" }))[0]!)
    const dialog = await screen.findByRole("dialog", { name: "New glossary" })
    await user.upload(
      within(dialog).getByLabelText("Entries file"),
      csv("source,target\nSign in,Anmelden\nCart,Warenkorb\n"),
    )
    await waitFor(() => expect(within(dialog).getByLabelText("Name")).toHaveValue("checkout-de"))
    expect(within(dialog).getByLabelText("Entries")).toHaveValue(
      "source,target\nSign in,Anmelden\nCart,Warenkorb\n",
    )
    await user.type(within(dialog).getByLabelText("Language code"), "de")
    await user.click(within(dialog).getByRole("button", { name: "Create glossary" }))

    await findToast("Glossary created", "checkout-de has 2 entries")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "checkout-de",
      language_code: "DE",
      entries: [
        { source: "Sign in", target: "Anmelden" },
        { source: "Cart", target: "Warenkorb" },
      ],
    })
    expect(within(await rowOf("checkout-de")).getByText("DE")).toBeInTheDocument()
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
  })

  it("names the row at fault beside the entries, and sends nothing", async () => {
    const calls = stubBackend(glossaryServer().handler)
    const user = setup()
    renderPage()
    await user.click((await screen.findAllByRole("button", { name: "New glossary" }))[0]!)
    const dialog = await screen.findByRole("dialog", { name: "New glossary" })
    await user.click(within(dialog).getByRole("button", { name: "Create glossary" }))
    expect(within(dialog).getByText("Please enter a name")).toBeInTheDocument()
    expect(within(dialog).getByText("The language code is required")).toBeInTheDocument()
    expect(within(dialog).getByText("Choose a file or paste entries")).toBeInTheDocument()

    const entries = within(dialog).getByLabelText("Entries")
    await user.type(entries, "source,target{enter}Cart,Warenkorb{enter}cart,Einkaufswagen")
    expect(
      await within(dialog).findByText('Rows 1 and 2 have the same source term "cart"; keep one'),
    ).toBeInTheDocument()
    expect(entries).toHaveAccessibleDescription(/Rows 1 and 2/)
    await user.clear(entries)
    await user.type(entries, "term;meaning")
    expect(
      await within(dialog).findByText(
        'The glossary CSV must start with the header row source,target (found "term,meaning")',
      ),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("shows the server's refusal under 'Error creating glossary'", async () => {
    stubBackend(
      glossaryServer({
        override: ({ method }) =>
          method === "POST"
            ? {
                status: 400,
                json: {
                  error: {
                    code: "invalid_request",
                    message: "A company can have at most 100 glossaries. Delete one first.",
                  },
                },
              }
            : undefined,
      }).handler,
    )
    const user = setup()
    renderPage()
    await user.click((await screen.findAllByRole("button", { name: "New glossary" }))[0]!)
    const dialog = await screen.findByRole("dialog", { name: "New glossary" })
    await user.type(within(dialog).getByLabelText("Name"), "One too many")
    await user.type(within(dialog).getByLabelText("Language code"), "fr")
    await user.type(within(dialog).getByLabelText("Entries"), "source,target{enter}Cart,Panier")
    await user.click(within(dialog).getByRole("button", { name: "Create glossary" }))
    await findToast(
      "Error creating glossary",
      "A company can have at most 100 glossaries. Delete one first.",
    )
    expect(dialog).toBeInTheDocument()
  })

  it("renames a glossary and changes its language", async () => {
    const glossary = buildGlossary({ name: "Checkout" })
    const calls = stubBackend(glossaryServer({ glossaries: [glossary] }).handler)
    const user = setup()
    renderPage()
    await user.click(
      within(await rowOf("Checkout")).getByRole("button", { name: 'Rename "Checkout"' }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Rename glossary" })
    await user.clear(within(dialog).getByLabelText("Name"))
    await user.type(within(dialog).getByLabelText("Name"), "Checkout (Swiss)")
    await user.clear(within(dialog).getByLabelText("Language code"))
    await user.type(within(dialog).getByLabelText("Language code"), "de-ch")
    await user.click(within(dialog).getByRole("button", { name: "Save" }))
    await findToast("Glossary saved")
    expect(calls.find((c) => c.method === "PATCH")?.url.pathname).toBe(
      `/api/v1/glossaries/${glossary.id}`,
    )
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      name: "Checkout (Swiss)",
      language_code: "DE-CH",
    })
    expect(within(await rowOf("Checkout (Swiss)")).getByText("DE-CH")).toBeInTheDocument()
  })

  it("replaces the entries from a TSV file", async () => {
    const glossary = buildGlossary({ name: "Checkout", entry_count: 1 })
    const calls = stubBackend(glossaryServer({ glossaries: [glossary] }).handler)
    const user = setup()
    renderPage()
    await user.click(
      within(await rowOf("Checkout")).getByRole("button", {
        name: 'Replace entries of "Checkout"',
      }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Replace entries" })
    await user.upload(
      within(dialog).getByLabelText("Entries file"),
      new File(["source\ttarget\nCart\tWarenkorb\nPay\tBezahlen\nSign in\tAnmelden\n"], "de.tsv"),
    )
    await user.click(within(dialog).getByRole("button", { name: "Replace entries" }))
    await findToast("Entries replaced", "Checkout now has 3 entries")
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      entries: [
        { source: "Cart", target: "Warenkorb" },
        { source: "Pay", target: "Bezahlen" },
        { source: "Sign in", target: "Anmelden" },
      ],
    })
    await waitFor(() =>
      expect(
        within(screen.getByText("Checkout", { selector: "td > span" }).closest("tr")!).getByText(
          "3",
        ),
      ).toBeInTheDocument(),
    )
  })

  it("downloads the entries as a CSV named after the glossary", async () => {
    const glossary = buildGlossary({ name: "Checkout: DE" })
    stubBackend(
      glossaryServer({
        glossaries: [glossary],
        entries: { [glossary.id]: [{ source: "=SUM(A1)", target: "Summe" }] },
      }).handler,
    )
    const blobs: Blob[] = []
    vi.spyOn(URL, "createObjectURL").mockImplementation(
      (blob) => (blobs.push(blob as Blob), "blob:glossary"),
    )
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("Checkout- DE.csv")
    })
    const user = setup()
    renderPage()
    await user.click(
      within(await rowOf("Checkout: DE")).getByRole("button", {
        name: 'Download "Checkout: DE" as CSV',
      }),
    )
    await waitFor(() => expect(click).toHaveBeenCalled())
    // A byte-order mark first, so Excel reads the file as UTF-8 (text() drops it).
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ])
    expect(await blobs[0]!.text()).toBe("source,target\r\n'=SUM(A1),Summe\r\n")
  })

  it("deletes a glossary only after confirming", async () => {
    const glossary = buildGlossary({ name: "Checkout" })
    const calls = stubBackend(glossaryServer({ glossaries: [glossary] }).handler)
    const user = setup()
    renderPage()
    await user.click(
      within(await rowOf("Checkout")).getByRole("button", { name: 'Delete "Checkout"' }),
    )
    const confirm = await screen.findByRole("alertdialog", { name: "Delete glossary?" })
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }))
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0)

    await user.click(screen.getByRole("button", { name: 'Delete "Checkout"' }))
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    )
    await findToast("Glossary deleted")
    expect(calls.find((c) => c.method === "DELETE")?.url.pathname).toBe(
      `/api/v1/glossaries/${glossary.id}`,
    )
    expect(await screen.findByText("No glossaries yet")).toBeInTheDocument()
  })
})
