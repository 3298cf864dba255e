import type { MemberRole, Webhook, WebhookDelivery } from "@nativ/contracts"
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { hasDeliveryDueSoon } from "../api/webhooks"
import { WebhooksTab } from "../components/webhooks-tab"
import { SettingsPage } from "../settings-page"

beforeAll(polyfillLayoutApis)
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const endpoint = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: "wh_1",
  url: "https://hooks.acme.test/nativ",
  events: ["credits.low", "job.completed"],
  description: "Billing alerts",
  enabled: true,
  disabled_reason: null,
  created_at: "2026-11-20T10:00:00Z",
  ...overrides,
})

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: "dl_1",
  message_id: "msg_1",
  event: "credits.low",
  status: "succeeded",
  attempts: 1,
  response_status: 200,
  response_body: '{"received":true}',
  duration_ms: 42,
  created_at: "2026-11-25T09:00:00Z",
  last_attempt_at: "2026-11-25T09:00:01Z",
  next_attempt_at: null,
  payload: { type: "credits.low", data: { balance: 120 } },
  ...overrides,
})

const refusal = (status: number, code: string, message: string) => ({
  status,
  json: { error: { code, message } },
})

type Reply = ReturnType<typeof refusal> | { status?: number; json?: unknown }

/**
 * /api/v1/webhooks over one company, as the contract describes it. `override` answers a request
 * first when it returns a reply (a refusal, a failure).
 */
function webhooksServer(
  initial: Webhook[] = [],
  deliveries: Record<string, WebhookDelivery[]> = {},
  override: (request: StubRequest) => Reply | undefined = () => undefined,
) {
  let webhooks = [...initial]
  return (request: StubRequest): Reply => {
    const answer = override(request)
    if (answer) return answer
    const path = request.url.pathname.replace("/api/v1", "")
    const [, , id, action, deliveryId] = path.split("/")
    const body = request.body as Record<string, unknown>
    if (path === "/webhooks" && request.method === "GET") return { json: { webhooks } }
    if (path === "/webhooks" && request.method === "POST") {
      const created = endpoint({ id: "wh_new", description: "", ...body })
      webhooks = [...webhooks, created]
      return { status: 201, json: { ...created, secret: "whsec_c2VjcmV0LXNpZ25pbmcta2V5" } }
    }
    const webhook = webhooks.find((candidate) => candidate.id === id)
    if (!path.startsWith("/webhooks/") || !webhook)
      return refusal(404, "not_found", "No such endpoint")
    if (!action && request.method === "PATCH") {
      const saved = { ...webhook, ...body }
      webhooks = webhooks.map((candidate) => (candidate.id === id ? saved : candidate))
      return { json: saved }
    }
    if (!action && request.method === "DELETE") {
      webhooks = webhooks.filter((candidate) => candidate.id !== id)
      return { status: 204 }
    }
    if (action === "deliveries" && !deliveryId)
      return { json: { deliveries: deliveries[webhook.id] ?? [] } }
    if (action === "test") {
      const ping = delivery({ id: `dl_ping`, event: "ping", payload: { type: "ping" } })
      deliveries[webhook.id] = [ping, ...(deliveries[webhook.id] ?? [])]
      return { status: 202, json: ping }
    }
    if (action === "deliveries" && path.endsWith("/resend")) return { status: 202, json: {} }
    return refusal(404, "not_found", "Not found")
  }
}

function open(server: ReturnType<typeof webhooksServer>) {
  const calls = stubBackend(server)
  renderApp(<WebhooksTab />, { auth: signedIn() })
  const user = userEvent.setup({ pointerEventsCheck: 0 })
  const sent = (method: string) =>
    calls
      .filter((call) => call.method === method && call.url.pathname.startsWith("/api/v1/webhooks"))
      .map((call) => ({ path: call.url.pathname.replace("/api/v1", ""), body: call.body }))
  return { user, sent }
}

const row = (url = "https://hooks.acme.test/nativ") => screen.findByRole("listitem", { name: url })

describe("Settings → Webhooks", { timeout: 20_000 }, () => {
  it("says what webhooks are for when there are none, with Add endpoint", async () => {
    open(webhooksServer())
    expect(await screen.findByText("No endpoints yet")).toBeVisible()
    expect(screen.getByText(/Add an endpoint to hear at once when credits run low/)).toBeVisible()
    expect(screen.getByRole("button", { name: "Add endpoint" })).toBeVisible()
  })

  it("shows the server's reason when the list cannot be read, and Retry reads it again", async () => {
    let failing = true
    const { user } = open(
      webhooksServer([endpoint()], {}, (request) =>
        failing && request.url.pathname === "/api/v1/webhooks"
          ? refusal(503, "unavailable", "The database is not answering")
          : undefined,
      ),
    )
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("The webhooks could not be loaded.")
    expect(alert).toHaveTextContent("The database is not answering")
    failing = false
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await row()).toBeVisible()
  })

  it("refuses an empty form with the contract's messages, and sends nothing", async () => {
    const { user, sent } = open(webhooksServer())
    await user.click(await screen.findByRole("button", { name: "Add endpoint" }))
    const dialog = await screen.findByRole("dialog", { name: "Add endpoint" })
    expect(within(dialog).queryByLabelText("ping")).toBeNull()
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }))
    expect(within(dialog).getByLabelText("Endpoint URL")).toHaveAccessibleDescription(
      "url is required",
    )
    expect(within(dialog).getByText("Choose at least one event")).toBeVisible()
    expect(sent("POST")).toEqual([])
  })

  it("adds an endpoint and shows its signing secret once", async () => {
    const { user, sent } = open(webhooksServer())
    await user.click(await screen.findByRole("button", { name: "Add endpoint" }))
    const dialog = await screen.findByRole("dialog", { name: "Add endpoint" })
    await user.type(within(dialog).getByLabelText("Endpoint URL"), "https://hooks.acme.test/new")
    await user.type(within(dialog).getByLabelText("Description (optional)"), "Finance")
    await user.click(within(dialog).getByLabelText("credits.low"))
    await user.click(within(dialog).getByLabelText("member.joined"))
    expect(within(dialog).getByLabelText("member.joined")).toHaveAccessibleDescription(
      "Someone accepted an invitation and joined the company",
    )
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }))

    const banner = await screen.findByRole("region", { name: /Signing secret for/ })
    expect(banner).toHaveFocus()
    expect(within(banner).getByText("whsec_c2VjcmV0LXNpZ25pbmcta2V5")).toBeVisible()
    expect(banner).toHaveTextContent("it will not be shown again")
    expect(banner).toHaveTextContent(/webhook-signature.*webhook-id.*webhook-timestamp/)
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(sent("POST")).toEqual([
      {
        path: "/webhooks",
        body: {
          url: "https://hooks.acme.test/new",
          description: "Finance",
          events: ["credits.low", "member.joined"],
        },
      },
    ])
    expect(await row("https://hooks.acme.test/new")).toBeVisible()

    await user.click(within(banner).getByRole("button", { name: "I've copied the secret" }))
    expect(screen.queryByText("whsec_c2VjcmV0LXNpZ25pbmcta2V5")).toBeNull()
  })

  it("shows the server's refusal of the URL under the field, and keeps the dialog open", async () => {
    const { user } = open(
      webhooksServer([], {}, (request) =>
        request.method === "POST"
          ? refusal(400, "invalid_url", "The URL must use https")
          : undefined,
      ),
    )
    await user.click(await screen.findByRole("button", { name: "Add endpoint" }))
    const dialog = await screen.findByRole("dialog", { name: "Add endpoint" })
    const url = within(dialog).getByLabelText("Endpoint URL")
    await user.type(url, "http://hooks.acme.test")
    await user.click(within(dialog).getByLabelText("job.completed"))
    await user.click(within(dialog).getByRole("button", { name: "Add endpoint" }))
    await waitFor(() => expect(url).toHaveAccessibleDescription("The URL must use https"))
    expect(url).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByRole("dialog", { name: "Add endpoint" })).toBeVisible()
  })

  it("deletes an endpoint only after a confirmation naming its URL", async () => {
    const { user, sent } = open(webhooksServer([endpoint()]))
    await user.click(
      within(await row()).getByRole("button", { name: "Delete https://hooks.acme.test/nativ" }),
    )
    let confirm = await screen.findByRole("alertdialog", { name: "Delete endpoint?" })
    expect(confirm).toHaveTextContent("https://hooks.acme.test/nativ")
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }))
    expect(sent("DELETE")).toEqual([])

    await user.click(
      within(await row()).getByRole("button", { name: "Delete https://hooks.acme.test/nativ" }),
    )
    confirm = await screen.findByRole("alertdialog", { name: "Delete endpoint?" })
    await user.click(within(confirm).getByRole("button", { name: "Delete" }))
    await findToast("Endpoint deleted")
    expect(sent("DELETE")).toEqual([{ path: "/webhooks/wh_1", body: undefined }])
    expect(await screen.findByText("No endpoints yet")).toBeVisible()
  })

  it("turns an endpoint off and on with its switch, and says why the server turned one off", async () => {
    const { user, sent } = open(
      webhooksServer([
        endpoint(),
        endpoint({
          id: "wh_2",
          url: "https://down.acme.test/hook",
          enabled: false,
          disabled_reason: "Turned off after failing for 3 days",
        }),
      ]),
    )
    const off = await row("https://down.acme.test/hook")
    expect(within(off).getByText("Disabled")).toBeVisible()
    expect(within(off).getByText("Turned off after failing for 3 days")).toBeVisible()
    expect(within(off).getByRole("switch", { name: "Enabled" })).toHaveAttribute(
      "aria-checked",
      "false",
    )

    const on = await row()
    expect(within(on).queryByText("Disabled")).toBeNull()
    await user.click(within(on).getByRole("switch", { name: "Enabled" }))
    await findToast("Endpoint disabled")
    await waitFor(() =>
      expect(within(on).getByRole("switch", { name: "Enabled" })).toHaveAttribute(
        "aria-checked",
        "false",
      ),
    )
    expect(within(on).getByText("Disabled")).toBeVisible()
    await user.click(within(off).getByRole("switch", { name: "Enabled" }))
    await findToast("Endpoint enabled")
    expect(sent("PATCH")).toEqual([
      { path: "/webhooks/wh_1", body: { enabled: false } },
      { path: "/webhooks/wh_2", body: { enabled: true } },
    ])
  })

  it("shows a refused switch as a toast with the server's message", async () => {
    const { user } = open(
      webhooksServer([endpoint()], {}, (request) =>
        request.method === "PATCH"
          ? refusal(403, "forbidden", "Only owners and admins manage webhooks")
          : undefined,
      ),
    )
    await user.click(within(await row()).getByRole("switch", { name: "Enabled" }))
    await findToast("Error updating endpoint", "Only owners and admins manage webhooks")
    expect(within(await row()).getByRole("switch", { name: "Enabled" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
  })

  it("edits an endpoint's URL, description and events", async () => {
    const { user, sent } = open(webhooksServer([endpoint()]))
    await user.click(
      within(await row()).getByRole("button", { name: "Edit https://hooks.acme.test/nativ" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Edit endpoint" })
    expect(within(dialog).getByLabelText("Endpoint URL")).toHaveValue(
      "https://hooks.acme.test/nativ",
    )
    expect(within(dialog).getByLabelText("credits.low")).toBeChecked()
    expect(within(dialog).getByLabelText("member.removed")).not.toBeChecked()
    await user.clear(within(dialog).getByLabelText("Description (optional)"))
    await user.click(within(dialog).getByLabelText("credits.low"))
    await user.click(within(dialog).getByLabelText("member.removed"))
    await user.click(within(dialog).getByRole("button", { name: "Save" }))
    await findToast("Endpoint saved")
    expect(sent("PATCH")).toEqual([
      {
        path: "/webhooks/wh_1",
        body: {
          url: "https://hooks.acme.test/nativ",
          description: "",
          events: ["job.completed", "member.removed"],
        },
      },
    ])
    expect(within(await row()).queryByText("Billing alerts")).toBeNull()
  })

  it("lists deliveries with status, attempts, response code and duration; expands to the body and payload", async () => {
    const { user } = open(
      webhooksServer([endpoint()], {
        wh_1: [
          delivery(),
          delivery({
            id: "dl_2",
            event: "job.completed",
            status: "failed",
            attempts: 8,
            response_status: 500,
            response_body: "upstream exploded",
            duration_ms: 1_250,
          }),
          delivery({
            id: "dl_3",
            event: "member.joined",
            status: "pending",
            attempts: 2,
            response_status: null,
            response_body: "connect ECONNREFUSED",
            duration_ms: null,
            next_attempt_at: "2099-01-01T00:00:00Z",
          }),
        ],
      }),
    )
    const deliveries = await screen.findByRole("region", {
      name: "Recent deliveries to https://hooks.acme.test/nativ",
    })
    const ok = await within(deliveries).findByRole("listitem", { name: "credits.low Succeeded" })
    expect(ok).toHaveTextContent(/1 attempt.*Response 200.*42 ms/)
    const failed = within(deliveries).getByRole("listitem", { name: "job.completed Failed" })
    expect(failed).toHaveTextContent(/8 attempts.*Response 500.*1250 ms/)
    const pending = within(deliveries).getByRole("listitem", { name: "member.joined Pending" })
    expect(pending).toHaveTextContent(/2 attempts.*No response/)

    const expand = within(failed).getByRole("button", { expanded: false })
    expect(within(failed).queryByText("upstream exploded")).toBeNull()
    await user.click(expand)
    expect(expand).toHaveAttribute("aria-expanded", "true")
    expect(within(failed).getByText("upstream exploded")).toBeVisible()
    expect(within(failed).getByText(/"balance": 120/)).toBeVisible()
    await user.click(within(pending).getByRole("button", { expanded: false }))
    expect(within(pending).getByText("Next attempt")).toBeVisible()
  })

  it("resends a delivery and reads the deliveries again", async () => {
    const { user, sent } = open(webhooksServer([endpoint()], { wh_1: [delivery()] }))
    const item = await screen.findByRole("listitem", { name: "credits.low Succeeded" })
    const reads = () => sent("GET").filter((call) => call.path.endsWith("/deliveries")).length
    const before = reads()
    await user.click(within(item).getByRole("button", { name: /^Resend credits.low of / }))
    await findToast("Delivery queued again")
    expect(sent("POST")).toEqual([{ path: "/webhooks/wh_1/deliveries/dl_1/resend", body: {} }])
    await waitFor(() => expect(reads()).toBeGreaterThan(before))
  })

  it("sends a test ping and shows its delivery", async () => {
    const { user, sent } = open(webhooksServer([endpoint()]))
    expect(
      await within(await row()).findByText("No deliveries yet. Send test to try the endpoint."),
    ).toBeVisible()
    await user.click(within(await row()).getByRole("button", { name: "Send test" }))
    await findToast("Test event sent")
    expect(sent("POST")).toEqual([{ path: "/webhooks/wh_1/test", body: {} }])
    expect(await screen.findByRole("listitem", { name: "ping Succeeded" })).toHaveTextContent(
      "Response 200",
    )
  })

  it.each<[MemberRole, boolean]>([
    ["owner", true],
    ["admin", true],
    ["member", false],
  ])("offers the Webhooks tab to an %s: %s", async (role, shown) => {
    // Notifications words itself by role, which tells when the role is known.
    const notifications = { low_balance_threshold: 1_000, balance: 5_000, below_threshold: false }
    stubBackend(
      webhooksServer([], {}, (request) =>
        request.url.pathname === "/api/v1/notifications" ? { json: notifications } : undefined,
      ),
      undefined,
      { role },
    )
    renderApp(<SettingsPage />, { path: "/settings?tab=notifications", auth: signedIn() })
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    if (shown) {
      await user.click(await screen.findByRole("tab", { name: "Webhooks" }))
      expect(await screen.findByText("No endpoints yet")).toBeVisible()
    } else {
      expect(
        await screen.findByText("Only owners and admins can change the low-balance alert."),
      ).toBeVisible()
      expect(screen.queryByRole("tab", { name: "Webhooks" })).toBeNull()
    }
  })
})

describe("hasDeliveryDueSoon", () => {
  const now = Date.parse("2026-11-25T09:00:00Z")
  it("polls for a pending delivery due now or within seconds, not one hours off or finished", () => {
    const pending = delivery({ status: "pending" })
    expect(hasDeliveryDueSoon([pending], now)).toBe(true)
    expect(hasDeliveryDueSoon([{ ...pending, next_attempt_at: "2026-11-25T09:00:05Z" }], now)).toBe(
      true,
    )
    expect(hasDeliveryDueSoon([{ ...pending, next_attempt_at: "2026-11-25T11:00:00Z" }], now)).toBe(
      false,
    )
    expect(hasDeliveryDueSoon([delivery(), delivery({ status: "failed" })], now)).toBe(false)
  })
})
