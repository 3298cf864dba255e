import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { ApiKey } from "@nativ/contracts"
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

const key: ApiKey = {
  id: "k1",
  name: "Production",
  key_preview: "nativ_…abcd",
  is_active: true,
  created_at: "2026-03-05T14:07:00Z",
  expiry_date: "2026-04-04T14:07:00Z",
  last_used_at: null,
  created_by: "owner@example.com",
  monthly_credit_cap: null,
  credits_used_this_month: 0,
}

/** A tiny in-memory key store answering like the server. */
function keyServer(initial: ApiKey[] = []) {
  let keys = [...initial]
  return (request: StubRequest) => {
    if (request.method === "GET") return { json: { api_keys: keys } }
    if (request.method === "POST") {
      const body = request.body as { name: string; expiry_days?: number }
      const created = { ...key, id: "k2", name: body.name, expiry_date: null }
      keys = [...keys, created]
      return { status: 201, json: { ...created, key: "nativ_secret_value" } }
    }
    keys = keys.filter((k) => !request.url.pathname.endsWith(`/${k.id}`))
    return { status: 204 }
  }
}

describe("API Keys", { timeout: 20_000 }, () => {
  it("shows a failed list as an error with Retry, never as 'No API keys found'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    let healed = false
    stubBackend((request) =>
      healed
        ? keyServer([key])(request)
        : { status: 503, json: { error: { code: "unavailable", message: "Try again shortly" } } },
    )
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 })
    expect(alert).toHaveTextContent("The API keys could not be loaded.")
    expect(alert).toHaveTextContent("Try again shortly")
    expect(screen.queryByText("No API keys found")).not.toBeInTheDocument()

    healed = true
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await screen.findByText("Production")).toBeInTheDocument()
    expect(screen.queryByText("The API keys could not be loaded.")).not.toBeInTheDocument()
  })

  it("shows the empty state and asks for a name", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(keyServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    expect(screen.getByText("Loading API keys...")).toBeInTheDocument()
    expect(await screen.findByText("No API keys found")).toBeInTheDocument()
    expect(screen.getByText("Create your first API key to get started")).toBeInTheDocument()

    await user.type(screen.getByLabelText("Name"), "   ")
    await user.click(screen.getByRole("button", { name: "Create API Key" }))
    await findToast("Name required", "Please enter a name for the API key")
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("creates a key with an expiry and shows it once until dismissed", async () => {
    const calls = stubBackend(keyServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })

    await user.type(screen.getByLabelText("Name"), " CI ")
    await user.click(screen.getByLabelText("Expiry"))
    await user.click(await screen.findByRole("option", { name: "1 year" }))
    await user.click(screen.getByRole("button", { name: "Create API Key" }))

    await findToast("API key created successfully")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "CI", expiry_days: 365 })
    expect(screen.getByTestId("new-api-key")).toHaveTextContent("nativ_secret_value")
    await user.click(screen.getByRole("button", { name: "Hide key" }))
    expect(screen.getByTestId("new-api-key")).not.toHaveTextContent("nativ_secret_value")
    await user.click(screen.getByRole("button", { name: "Show key" }))
    expect(await screen.findByRole("listitem", { name: "CI" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "I've copied the key" }))
    expect(screen.queryByTestId("new-api-key")).not.toBeInTheDocument()
  })

  it("shows quick-start snippets with the new key and this server's API URL until dismissed", async () => {
    stubBackend(keyServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    await user.type(screen.getByLabelText("Name"), "Quick")
    await user.click(screen.getByRole("button", { name: "Create API Key" }))

    const curl = await screen.findByTestId("snippet-curl")
    expect(curl).toHaveTextContent("http://localhost:8080/api/v1/text/culturalize")
    expect(curl).toHaveTextContent("Authorization: Bearer nativ_secret_value")
    await user.click(screen.getByRole("tab", { name: "Python" }))
    expect(await screen.findByTestId("snippet-python")).toHaveTextContent(
      'api_key="nativ_secret_value"',
    )
    expect(screen.getByText("pip install nativ")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Copy Python" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "I've copied the key" }))
    expect(screen.queryByRole("heading", { name: "Quick start" })).not.toBeInTheDocument()
  })

  it("sends no expiry for a key that never expires", async () => {
    const calls = stubBackend(keyServer())
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    await user.type(screen.getByLabelText("Name"), "Forever")
    await user.click(screen.getByRole("button", { name: "Create API Key" }))
    await findToast("API key created successfully")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Forever" })
  })

  it("lists a key's badge, preview and dates, and revokes it after confirmation", async () => {
    const calls = stubBackend(keyServer([key, { ...key, id: "k3", name: "Old", is_active: false }]))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })

    const row = await screen.findByRole("listitem", { name: "Production" })
    expect(within(row).getByText("Active")).toBeInTheDocument()
    expect(within(row).getByText("nativ_…abcd")).toBeInTheDocument()
    expect(within(row).getByText("Mar 5, 2026", { exact: false })).toBeInTheDocument()
    expect(within(row).getByText("Expires")).toBeInTheDocument()
    expect(
      within(screen.getByRole("listitem", { name: "Old" })).getByText("Expired"),
    ).toBeInTheDocument()

    await user.click(within(row).getByRole("button", { name: "Revoke Production" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke API key?" })
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }))
    await findToast("API key revoked")
    expect(calls.find((c) => c.method === "DELETE")?.url.pathname).toBe("/api/v1/api-keys/k1")
    await vi.waitFor(() =>
      expect(screen.queryByRole("listitem", { name: "Production" })).not.toBeInTheDocument(),
    )
  })

  it("reports a failed list under 'Error fetching API keys'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({ status: 500 }))
    renderApp(<ApiKeysPage />, { path: "/api-keys", auth: signedIn() })
    await findToast("Error fetching API keys", "HTTP error! status: 500")
  })
})
