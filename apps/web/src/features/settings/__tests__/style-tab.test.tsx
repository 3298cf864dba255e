import type { MemberRole, StyleGuide } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { StyleTab } from "../components/style-tab"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const guide = (n: number, overrides: Partial<StyleGuide> = {}): StyleGuide => ({
  id: `g${n}`,
  title: `Guide ${n}`,
  content: `Rule number ${n}.`,
  is_enabled: true,
  display_order: n - 1,
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
  ...overrides,
})

/** The /style-guide endpoints over an in-memory company, as the server answers them. */
function styleServer(initial: { guides?: StyleGuide[]; voice?: string | null } = {}) {
  let guides = [...(initial.guides ?? [])]
  let voice = initial.voice ?? null
  const sorted = () => [...guides].sort((a, b) => a.display_order - b.display_order)
  return (request: StubRequest) => {
    const path = request.url.pathname.replace(/^\/api\/v1/, "")
    const body = request.body as Record<string, unknown>
    if (path === "/style-guide" && request.method === "GET") return { json: { guides: sorted() } }
    if (path === "/style-guide" && request.method === "POST") {
      const created = guide(guides.length + 10, {
        ...body,
        id: `new${guides.length}`,
        display_order: guides.length,
      })
      guides = [...guides, created]
      return { status: 201, json: created }
    }
    if (path === "/style-guide/prompt" && request.method === "GET")
      return { json: { prompt: voice, exists: voice !== null } }
    if (path === "/style-guide/prompt" && request.method === "PUT") {
      voice = (body.prompt as string | null) || null
      return { json: { prompt: voice, exists: voice !== null } }
    }
    if (path === "/style-guide/combined") {
      const enabled = sorted().filter((g) => g.is_enabled)
      const parts = [
        ...(voice ? [`Brand voice:\n${voice}`] : []),
        ...enabled.map((g) => `Style guide "${g.title}":\n${g.content}`),
      ]
      return {
        json: {
          prompt: parts.join("\n\n"),
          brand_voice: voice,
          guides: enabled.map(({ id, title, content }) => ({ id, title, content })),
          exists: parts.length > 0,
        },
      }
    }
    const id = /^\/style-guide\/([^/]+)$/.exec(path)?.[1]
    if (id && request.method === "PUT") {
      guides = guides.map((g) => (g.id === id ? { ...g, ...body } : g))
      return { json: guides.find((g) => g.id === id) }
    }
    if (id && request.method === "DELETE") {
      guides = guides.filter((g) => g.id !== id)
      return { json: { success: true } }
    }
    return { status: 404, json: {} }
  }
}

function renderStyle(server: (request: StubRequest) => unknown, role: MemberRole = "owner") {
  vi.spyOn(console, "error").mockImplementation(() => {})
  const auth = signedIn()
  const calls = stubBackend(server as Parameters<typeof stubBackend>[0], auth.session, { role })
  renderApp(<StyleTab />, { auth })
  return { calls, user: userEvent.setup({ pointerEventsCheck: 0 }) }
}

const sent = (calls: ReturnType<typeof stubBackend>, method: string) =>
  calls
    .filter((c) => c.method === method && c.url.pathname.includes("/style-guide"))
    .map((c) => [c.url.pathname.replace(/^\/api\/v1/, ""), c.body])

describe("Settings → Style", { timeout: 20_000 }, () => {
  it("says when there is nothing yet, then adds a guide", async () => {
    const { calls, user } = renderStyle(styleServer())
    expect(screen.getByText("Loading style guides...")).toBeInTheDocument()
    expect(await screen.findByText("No style guides yet")).toBeInTheDocument()
    expect(screen.getByText("0 of 50 guides")).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Add style guide" }))
    const dialog = await screen.findByRole("dialog", { name: "Add style guide" })
    await user.click(within(dialog).getByRole("button", { name: "Add guide" }))
    expect(within(dialog).getByLabelText("Title")).toHaveAccessibleDescription(
      "Please enter a title",
    )
    expect(within(dialog).getByText("Please enter the guide's text")).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText("Title"), "Product names")
    await user.type(within(dialog).getByLabelText("Guide"), "Never translate Nativ.")
    expect(within(dialog).getByText(/^22 \/ 20,000/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Add guide" }))

    await findToast("Success", "Style guide added")
    expect(sent(calls, "POST")).toEqual([
      [
        "/style-guide",
        { title: "Product names", content: "Never translate Nativ.", is_enabled: true },
      ],
    ])
    const item = await screen.findByRole("listitem", { name: "Product names" })
    expect(within(item).getByText("Never translate Nativ.")).toBeInTheDocument()
    expect(screen.getByText("1 of 50 guides")).toBeInTheDocument()
  })

  it("disables, edits, moves and deletes a guide", async () => {
    const { calls, user } = renderStyle(styleServer({ guides: [guide(1), guide(2), guide(3)] }))
    const first = await screen.findByRole("listitem", { name: "Guide 1" })

    const toggle = within(first).getByRole("switch", { name: "Enable Guide 1" })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    await vi.waitFor(() => expect(toggle).not.toBeChecked())
    expect(sent(calls, "PUT")).toEqual([["/style-guide/g1", { is_enabled: false }]])

    expect(within(first).getByRole("button", { name: "Move Guide 1 up" })).toBeDisabled()
    await user.click(within(first).getByRole("button", { name: "Move Guide 1 down" }))
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Style guides" }))
          .getAllByRole("listitem")
          .map((li) => li.getAttribute("aria-label")),
      ).toEqual(["Guide 2", "Guide 1", "Guide 3"]),
    )
    expect(sent(calls, "PUT").slice(1)).toEqual([
      ["/style-guide/g2", { display_order: 0 }],
      ["/style-guide/g1", { display_order: 1 }],
    ])

    await user.click(screen.getByRole("button", { name: "Edit Guide 3" }))
    const dialog = await screen.findByRole("dialog", { name: "Edit style guide" })
    const title = within(dialog).getByLabelText("Title")
    expect(title).toHaveValue("Guide 3")
    await user.clear(title)
    await user.type(title, "Numbers")
    await user.click(within(dialog).getByRole("button", { name: "Save" }))
    await findToast("Success", "Style guide saved")
    expect(await screen.findByRole("listitem", { name: "Numbers" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Delete Numbers" }))
    const confirm = await screen.findByRole("alertdialog", { name: "Delete style guide?" })
    await user.click(within(confirm).getByRole("button", { name: "Delete" }))
    await findToast("Success", "Style guide deleted")
    await vi.waitFor(() =>
      expect(screen.queryByRole("listitem", { name: "Numbers" })).not.toBeInTheDocument(),
    )
    expect(sent(calls, "DELETE")).toEqual([["/style-guide/g3", undefined]])
  })

  it("saves the brand voice with its count, clears it after asking, and previews the combined prompt", async () => {
    const { calls, user } = renderStyle(
      styleServer({ guides: [guide(1), guide(2, { is_enabled: false })] }),
    )
    const voice = await screen.findByLabelText("Brand voice")
    const save = screen.getByRole("button", { name: "Save brand voice" })
    expect(save).toBeDisabled()
    expect(screen.getByRole("button", { name: "Clear" })).toBeDisabled()
    await user.type(voice, "Warm and direct.")
    expect(screen.getByText(/^16 \/ 10,000/)).toBeInTheDocument()
    await user.click(save)
    await findToast("Success", "Brand voice saved")
    expect(sent(calls, "PUT")).toEqual([["/style-guide/prompt", { prompt: "Warm and direct." }]])

    const preview = screen.getByRole("button", { name: "Show combined prompt" })
    expect(preview).toHaveAttribute("aria-expanded", "false")
    preview.focus()
    await user.keyboard("{Enter}")
    expect(preview).toHaveAttribute("aria-expanded", "true")
    const prompt = await screen.findByTestId("combined-prompt")
    expect(prompt).toHaveTextContent(
      'Brand voice: Warm and direct. Style guide "Guide 1": Rule number 1.',
    )
    expect(prompt).not.toHaveTextContent("Guide 2")

    await user.click(screen.getByRole("button", { name: "Clear" }))
    const confirm = await screen.findByRole("alertdialog", { name: "Clear the brand voice?" })
    await user.click(within(confirm).getByRole("button", { name: "Clear" }))
    await findToast("Success", "Brand voice cleared")
    expect(sent(calls, "PUT").at(-1)).toEqual(["/style-guide/prompt", { prompt: null }])
    await vi.waitFor(() => expect(screen.getByLabelText("Brand voice")).toHaveValue(""))
    await vi.waitFor(() =>
      expect(screen.getByTestId("combined-prompt")).not.toHaveTextContent("Brand voice"),
    )
  })

  it("shows members everything read-only, with the reason", async () => {
    renderStyle(
      styleServer({ guides: [guide(1, { is_enabled: false })], voice: "Warm." }),
      "member",
    )
    expect(
      await screen.findByText(/Only owners and admins can change the style settings/),
    ).toBeInTheDocument()
    const item = await screen.findByRole("listitem", { name: "Guide 1" })
    expect(within(item).getByText("Disabled")).toBeInTheDocument()
    expect(screen.getByLabelText("Brand voice")).toHaveAttribute("readonly")
    expect(screen.getByLabelText("Brand voice")).toHaveValue("Warm.")
    expect(screen.queryByRole("switch")).not.toBeInTheDocument()
    expect(
      screen.queryByRole("button", { name: /Add style guide|Save|Clear|Delete|Edit|Move/ }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Show combined prompt" })).toBeEnabled()
  })

  it("offers to try again when the guides cannot be read", async () => {
    let fail = true
    const server = styleServer({ guides: [guide(1)] })
    renderStyle((request) =>
      fail && request.url.pathname.endsWith("/style-guide")
        ? { status: 500, json: { error: { code: "internal", message: "Database unavailable" } } }
        : server(request),
    )
    await findToast("Error fetching style guides", "Database unavailable")
    expect(screen.getByText("The style guides could not be loaded.")).toBeInTheDocument()
    fail = false
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(screen.getByRole("button", { name: "Retry" }))
    expect(await screen.findByRole("listitem", { name: "Guide 1" })).toBeInTheDocument()
  })
})
