import type { AuditEvent, Member } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { ActivityTab } from "../components/activity-tab"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const ada: Member = {
  id: "member-ada",
  email: "ada@acme.test",
  role: "admin",
  status: "active",
  invited_at: null,
  joined_at: "2026-11-01T00:00:00Z",
  last_sign_in_at: null,
  invitation_expires_at: null,
}
const event = (id: number, action: AuditEvent["action"], target: string): AuditEvent => ({
  id: String(id),
  actor_email: "ada@acme.test",
  action,
  target,
  details: {},
  created_at: "2026-11-26T21:25:19Z",
})
const STYLE = [event(3, "style_guide.created", "Tone"), event(2, "brand_voice.changed", "")]

/** A log of a style guide, the brand voice and a key; filters answered as the server would. */
function server(request: StubRequest) {
  const path = request.url.pathname
  if (path.endsWith("/members")) return { json: { members: [ada] } }
  if (!path.endsWith("/audit-log")) return { status: 404, json: {} }
  const query = request.url.searchParams
  if (query.get("member") === ada.id && query.get("action") === "api_key")
    return { json: { events: [], next_before: null } }
  if (query.get("action") === "style_guide,brand_voice")
    // Export reads in pages of 200: the second page proves it follows next_before.
    return query.get("before")
      ? { json: { events: [STYLE[1]], next_before: null } }
      : { json: { events: [STYLE[0]], next_before: "3" } }
  return {
    json: { events: [...STYLE, event(1, "api_key.created", "Production")], next_before: null },
  }
}

describe("Settings → Activity", { timeout: 20_000 }, () => {
  it("filters by action and member on the server, and says when nothing matches", async () => {
    const calls = stubBackend(server)
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ActivityTab />, { auth: signedIn() })
    const log = await screen.findByRole("list", { name: "Activity" })
    expect(within(log).getAllByRole("listitem")).toHaveLength(3)

    await user.click(screen.getByRole("combobox", { name: "Action" }))
    await user.click(await screen.findByRole("option", { name: "Style guides and brand voice" }))
    expect(await screen.findByText(/added style guide Tone/)).toBeVisible()
    expect(screen.queryByText(/created API key/)).toBeNull()

    await user.click(screen.getByRole("combobox", { name: "Action" }))
    await user.click(await screen.findByRole("option", { name: "API keys" }))
    await user.click(screen.getByRole("combobox", { name: "Member" }))
    await user.click(await screen.findByRole("option", { name: "ada@acme.test" }))
    expect(await screen.findByText("No activity matches these filters.")).toBeVisible()
    const last = calls.filter((c) => c.url.pathname.endsWith("/audit-log")).at(-1)!
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      limit: "25",
      action: "api_key",
      member: "member-ada",
    })

    await user.click(screen.getByRole("button", { name: "Clear filters" }))
    expect(await screen.findByText(/created API key Production/)).toBeVisible()
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull()
  })

  it("shows the full date and time of an event on hover and keyboard focus", async () => {
    stubBackend(server)
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ActivityTab />, { auth: signedIn() })
    const [time] = await screen.findAllByText(/ago$/)
    const full = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "long" }).format(
      new Date("2026-11-26T21:25:19Z"),
    )
    expect(time).toHaveAttribute("title", full)
    expect(time).toHaveAttribute("datetime", "2026-11-26T21:25:19Z")
    await user.tab()
    while (document.activeElement?.tagName !== "TIME") await user.tab()
    expect(await screen.findByRole("tooltip")).toHaveTextContent(full)
  })

  it("exports every filtered event as CSV, across pages", async () => {
    const calls = stubBackend(server)
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<ActivityTab />, { auth: signedIn() })
    await screen.findByRole("list", { name: "Activity" })
    await user.click(screen.getByRole("combobox", { name: "Action" }))
    await user.click(await screen.findByRole("option", { name: "Style guides and brand voice" }))
    await screen.findByText(/added style guide Tone/)
    const blobs: Blob[] = []
    vi.spyOn(URL, "createObjectURL").mockImplementation(
      (blob) => (blobs.push(blob as Blob), "blob:csv"),
    )
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {})
    await user.click(screen.getByRole("button", { name: "Export CSV" }))
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^activity-\d{4}-\d{2}-\d{2}\.csv$/,
    )
    expect(blobs).toHaveLength(1)
    const lines = (await blobs[0]!.text()).trimEnd().split("\r\n")
    expect(lines[0]).toBe("time,member,action,target,description,details")
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual([
      "style_guide.created",
      "brand_voice.changed",
    ])
    const exports = calls.filter((c) => c.url.searchParams.get("limit") === "200")
    expect(exports.map((c) => c.url.searchParams.get("before"))).toEqual([null, "3"])
  })
})
