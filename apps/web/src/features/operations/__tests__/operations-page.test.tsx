import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { OperationsPage } from "../operations-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const KEY_ID = "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"

/** The company's options; every operations read answers empty (the stub sends no count). */
function backend(exportReply?: (request: StubRequest) => { status?: number; json?: unknown }) {
  return stubBackend((request) => {
    const { pathname } = request.url
    if (pathname === "/api/v1/api-keys")
      return {
        json: {
          api_keys: [
            {
              id: KEY_ID,
              name: "CI",
              key_preview: "nativ_ab…",
              is_active: true,
              created_at: "2026-01-01T00:00:00Z",
              expiry_date: null,
              last_used_at: null,
              created_by: null,
            },
          ],
        },
      }
    if (pathname === "/api/v1/user/languages") return { json: { languages: [] } }
    if (pathname === "/rest/v1/operation_language_stats") return { json: [{ language: "German" }] }
    if (pathname === "/api/v1/members") return { json: { members: [] } }
    if (pathname === "/api/v1/operations" && exportReply) return exportReply(request)
    return { json: [] }
  })
}

const renderPage = (search = "") =>
  renderApp(<OperationsPage />, { path: `/operations${search}`, auth: signedIn() })
const operationReads = (calls: StubRequest[]) =>
  calls.filter((call) => call.url.pathname === "/rest/v1/operations").map((call) => call.url)

describe("Operations filters and export", { timeout: 20_000 }, () => {
  it("reads the filters from the URL into the table's query, and 'Clear filters' drops them all", async () => {
    const calls = backend()
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const { router } = renderPage(
      `?from=2026-01-10&to=2026-01-11&language=German&tool=api&api_key_id=${KEY_ID}&page=3`,
    )
    await waitFor(() => expect(operationReads(calls).length).toBeGreaterThan(0))
    const read = operationReads(calls).at(-1)!
    expect(read.searchParams.getAll("created_at")).toEqual([
      `gte.${new Date("2026-01-10T00:00:00").toISOString()}`,
      `lt.${new Date("2026-01-12T00:00:00").toISOString()}`,
    ])
    expect(read.searchParams.get("language")).toBe("eq.German")
    expect(read.searchParams.get("tool")).toBe("eq.api")
    expect(read.searchParams.get("api_key_id")).toBe(`eq.${KEY_ID}`)
    expect(screen.getByLabelText("From")).toHaveValue("2026-01-10")
    expect(screen.getByLabelText("To")).toHaveValue("2026-01-11")
    expect(await screen.findByRole("combobox", { name: "API key" })).toHaveTextContent("CI")

    await user.click(screen.getByRole("button", { name: "Clear filters" }))
    expect(router.state.location.search).toBe("")
    expect(screen.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument()
    await waitFor(() => expect(operationReads(calls).at(-1)!.searchParams.has("tool")).toBe(false))
    const plain = operationReads(calls).at(-1)!
    expect([...plain.searchParams.keys()].sort()).toEqual(["select", "user_id"])
  })

  it("keeps a chosen filter in the URL and starts again at page 1", async () => {
    backend()
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const { router } = renderPage("?page=4")
    await user.click(await screen.findByRole("combobox", { name: "Tool" }))
    await user.click(await screen.findByRole("option", { name: "figma" }))
    expect(router.state.location.search).toBe("?tool=figma")
    await user.click(screen.getByRole("combobox", { name: "Language" }))
    await user.click(await screen.findByRole("option", { name: "German" }))
    expect(router.state.location.search).toBe("?tool=figma&language=German")
    // Files sent by the nativ CLI and the GitHub Action are recorded under their own tools.
    await user.click(screen.getByRole("combobox", { name: "Tool" }))
    await user.click(await screen.findByRole("option", { name: "github-action" }))
    expect(new URLSearchParams(router.state.location.search).get("tool")).toBe("github-action")
    await user.type(screen.getByLabelText("From"), "2026-02-01")
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe("2026-02-01")
  })

  it("exports the filtered operations as CSV with the session, busy until the file is saved", async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const calls = backend(() => held.then(() => ({ json: "id,created_at" })) as never)
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:operations")
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {})
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderPage("?tool=api&from=2026-01-10")

    await user.click(await screen.findByRole("button", { name: "Export CSV" }))
    expect(await screen.findByRole("button", { name: "Exporting..." })).toBeDisabled()
    release()
    await waitFor(() => expect(click).toHaveBeenCalled())
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe("nativ-operations-2026-01-10-today.csv")
    const request = calls.find((call) => call.url.pathname === "/api/v1/operations")!
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      format: "csv",
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      tool: "api",
      from: "2026-01-10",
    })
    expect(request.headers.get("authorization")).toMatch(/^Bearer /)
    expect(await screen.findByRole("button", { name: "Export CSV" })).toBeEnabled()
  })

  it("says why an export failed through the error toast", async () => {
    backend(() => ({
      status: 400,
      json: { error: { code: "invalid_request", message: "from must be on or before to" } },
    }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderPage("?from=2026-02-01&to=2026-01-01")
    await user.click(await screen.findByRole("button", { name: "Export CSV" }))
    await findToast("Error exporting operations", "from must be on or before to")
  })
})
