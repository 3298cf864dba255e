import { screen, within } from "@testing-library/react"
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

async function openEditor(entries = [{ source: "Cart", target: "Korb" }]) {
  const glossary = buildGlossary({ name: "Checkout", entry_count: entries.length })
  const server = glossaryServer({ glossaries: [glossary], entries: { [glossary.id]: entries } })
  const calls = stubBackend(server.handler)
  const user = setup()
  renderApp(<GlossariesPage />, { path: "/glossaries", auth: signedIn() })
  await user.click(await screen.findByRole("button", { name: 'Edit entries of "Checkout"' }))
  const dialog = await screen.findByRole("dialog", { name: "Edit entries" })
  await within(dialog).findByRole("table", { name: "Entries" })
  return { calls, user, dialog, glossary }
}

describe("editing a glossary's entries in a table", { timeout: 20_000 }, () => {
  it("shows, edits, adds and deletes rows, then saves them at once", async () => {
    const { calls, user, dialog } = await openEditor([
      { source: "Cart", target: "Korb" },
      { source: "Pay", target: "Zahlen" },
    ])
    expect(within(dialog).getByLabelText("Source term, row 1")).toHaveValue("Cart")
    expect(within(dialog).getByLabelText("Target term, row 2")).toHaveValue("Zahlen")

    const target = within(dialog).getByLabelText("Target term, row 1")
    await user.clear(target)
    await user.type(target, "Warenkorb")
    await user.click(within(dialog).getByRole("button", { name: "Delete row 2" }))
    await user.click(within(dialog).getByRole("button", { name: "Add row" }))
    // The new row's source has the focus, ready to type.
    expect(within(dialog).getByLabelText("Source term, row 2")).toHaveFocus()
    await user.keyboard("Sign in")
    await user.type(within(dialog).getByLabelText("Target term, row 2"), "Anmelden")
    await user.click(within(dialog).getByRole("button", { name: "Add row" }))
    await user.click(within(dialog).getByRole("button", { name: "Save entries" }))

    await findToast("Entries saved", "Checkout now has 2 entries")
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      entries: [
        { source: "Cart", target: "Warenkorb" },
        { source: "Sign in", target: "Anmelden" },
      ],
    })
    expect(screen.queryByRole("dialog", { name: "Edit entries" })).not.toBeInTheDocument()
  })

  it("names the rows at fault beside them and sends nothing until they are fixed", async () => {
    const { calls, user, dialog } = await openEditor()
    await user.click(within(dialog).getByRole("button", { name: "Add row" }))
    await user.keyboard("Pay")
    await user.click(within(dialog).getByRole("button", { name: "Add row" }))
    await user.keyboard("cart")
    await user.type(within(dialog).getByLabelText("Target term, row 3"), "Korb")
    await user.click(within(dialog).getByRole("button", { name: "Save entries" }))

    expect(within(dialog).getByText("Enter the target term")).toBeInTheDocument()
    expect(within(dialog).getByText("Row 1 has the same source term; keep one")).toBeInTheDocument()
    expect(within(dialog).getByRole("alert")).toHaveTextContent("2 rows need fixing before saving.")
    expect(within(dialog).getByLabelText("Target term, row 2")).toHaveAttribute(
      "aria-invalid",
      "true",
    )
    expect(within(dialog).getByLabelText("Source term, row 1")).not.toHaveAttribute("aria-invalid")
    expect(calls.some((c) => c.method === "PUT")).toBe(false)

    // Fixing them clears the messages as they are typed, and the save goes through.
    await user.type(within(dialog).getByLabelText("Target term, row 2"), "Zahlen")
    await user.click(within(dialog).getByRole("button", { name: "Delete row 3" }))
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Save entries" }))
    await findToast("Entries saved", "Checkout now has 2 entries")
  })

  it("keeps a long glossary inside a scrolling box", async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ source: `term ${i}`, target: `T ${i}` }))
    const { dialog } = await openEditor(many)
    expect(within(dialog).getAllByRole("row")).toHaveLength(301)
    expect(within(dialog).getByTestId("entries-scroll").className).toMatch(
      /max-h-\[50dvh\].*overflow-auto/,
    )
  })
})
