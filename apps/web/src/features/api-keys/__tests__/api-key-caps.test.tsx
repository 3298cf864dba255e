import type { ApiKey } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { ApiKeysPage } from "../api-keys-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const base: ApiKey = {
  id: "k1",
  name: "Production",
  key_preview: "nativ_…abcd",
  is_active: true,
  created_at: "2026-03-05T14:07:00Z",
  expiry_date: null,
  last_used_at: "2026-03-06T09:30:00Z",
  created_by: "owner@example.com",
  monthly_credit_cap: null,
  credits_used_this_month: 0,
}

/** Keys answered like the server: list, create with a cap, and PATCH a cap. */
function keyServer(initial: ApiKey[]) {
  let keys = [...initial]
  return (request: StubRequest) => {
    if (request.method === "GET") return { json: { api_keys: keys } }
    if (request.method === "POST") {
      const body = request.body as { name: string; monthly_credit_cap?: number }
      const created = {
        ...base,
        id: "k9",
        name: body.name,
        last_used_at: null,
        monthly_credit_cap: body.monthly_credit_cap ?? null,
      }
      keys = [...keys, created]
      return { status: 201, json: { ...created, key: "nativ_secret_value" } }
    }
    const id = request.url.pathname.split("/").pop()
    const cap = (request.body as { monthly_credit_cap: number | null }).monthly_credit_cap
    keys = keys.map((k) => (k.id === id ? { ...k, monthly_credit_cap: cap } : k))
    return { json: keys.find((k) => k.id === id) }
  }
}

describe("API Keys: monthly credit caps", { timeout: 20_000 }, () => {
  it("creates a key with a monthly credit cap", async () => {
    const calls = stubBackend(keyServer([]))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    await user.type(screen.getByLabelText("Name"), "Plugin")
    await user.type(screen.getByLabelText("Monthly credit cap"), "5,000")
    await user.click(screen.getByRole("button", { name: "Create API Key" }))
    await findToast("API key created successfully")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Plugin",
      monthly_credit_cap: 5000,
    })
    const row = await screen.findByRole("listitem", { name: "Plugin" })
    expect(within(row).getByText("0 of 5,000 credits")).toBeInTheDocument()
  })

  it("shows a bad cap beside its field and sends nothing", async () => {
    const calls = stubBackend(keyServer([]))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    await user.type(screen.getByLabelText("Name"), "Plugin")
    const field = screen.getByLabelText("Monthly credit cap")
    await user.type(field, "0")
    await user.click(screen.getByRole("button", { name: "Create API Key" }))
    expect(
      await screen.findByText(/Enter a whole number of credits from 1 to 1,000,000,000/),
    ).toBeInTheDocument()
    expect(field).toHaveAttribute("aria-invalid", "true")
    expect(screen.queryByText("Name required")).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("lists each key's credits this month, of its cap, and marks a key at its cap", async () => {
    stubBackend(
      keyServer([
        { ...base, credits_used_this_month: 1234 },
        { ...base, id: "k2", name: "Capped", monthly_credit_cap: 50, credits_used_this_month: 50 },
      ]),
    )
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    const open = await screen.findByRole("listitem", { name: "Production" })
    expect(within(open).getByText("This month")).toBeInTheDocument()
    expect(within(open).getByText("1,234 credits")).toBeInTheDocument()
    expect(within(open).getByText("Mar 6, 2026", { exact: false })).toBeInTheDocument()
    expect(within(open).queryByText("Cap reached")).not.toBeInTheDocument()
    const capped = screen.getByRole("listitem", { name: "Capped" })
    expect(within(capped).getByText("50 of 50 credits")).toBeInTheDocument()
    expect(within(capped).getByText("Cap reached")).toBeInTheDocument()
  })

  it("edits a cap from the keyboard, then removes it", async () => {
    const calls = stubBackend(keyServer([{ ...base, credits_used_this_month: 40 }]))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    const row = await screen.findByRole("listitem", { name: "Production" })
    within(row).getByRole("button", { name: "Edit cap of Production" }).focus()
    await user.keyboard("{Enter}")
    const dialog = await screen.findByRole("dialog", { name: "Edit cap" })
    expect(within(dialog).getByText(/has used 40 credits this month/)).toBeInTheDocument()
    const field = within(dialog).getByLabelText("Monthly credit cap")
    expect(field).toHaveFocus()
    await user.keyboard("2500{Enter}")
    await findToast("Monthly cap saved")
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: expect.objectContaining({ pathname: "/api/v1/api-keys/k1" }),
      body: { monthly_credit_cap: 2500 },
    })
    expect(await within(row).findByText("40 of 2,500 credits")).toBeInTheDocument()
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()

    await user.click(within(row).getByRole("button", { name: "Edit cap of Production" }))
    const again = await screen.findByRole("dialog", { name: "Edit cap" })
    const filled = within(again).getByLabelText("Monthly credit cap")
    expect(filled).toHaveValue("2500")
    await user.clear(filled)
    await user.click(within(again).getByRole("button", { name: "Save" }))
    await findToast("Monthly cap removed")
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({
      monthly_credit_cap: null,
    })
    expect(await within(row).findByText("40 credits")).toBeInTheDocument()
  })

  it("reports a refused change under 'Error updating API key'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const keys = keyServer([base])
    stubBackend((request) =>
      request.method === "PATCH"
        ? {
            status: 403,
            json: { error: { code: "insufficient_aal", message: "Verify your sign-in first." } },
          }
        : keys(request),
    )
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    const row = await screen.findByRole("listitem", { name: "Production" })
    await user.click(within(row).getByRole("button", { name: "Edit cap of Production" }))
    const dialog = await screen.findByRole("dialog", { name: "Edit cap" })
    await user.type(within(dialog).getByLabelText("Monthly credit cap"), "10")
    await user.click(within(dialog).getByRole("button", { name: "Save" }))
    await findToast("Error updating API key", "Verify your sign-in first.")
    expect(screen.getByRole("dialog", { name: "Edit cap" })).toBeInTheDocument()
  })
})
