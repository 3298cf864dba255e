import { type ConnectedApp, type MemberRole, OAUTH_SCOPE_DESCRIPTIONS } from "@nativ/contracts"
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"

import { formatDateTime } from "@/lib/format"
import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { ConnectedAppsTab } from "../components/connected-apps-tab"
import { SettingsPage } from "../settings-page"

beforeAll(polyfillLayoutApis)
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const connected = (overrides: Partial<ConnectedApp> = {}): ConnectedApp => ({
  id: "grant_1",
  client_id: "nativ-cli",
  name: "Nativ CLI",
  approved_by: { email: "ana@acme.test" },
  scopes: ["translate", "read", "offline_access"],
  approved_at: "2026-11-20T10:00:00Z",
  last_used_at: null,
  ...overrides,
})

type Reply = { status?: number; json?: unknown }

/**
 * /api/v1/connected-apps as the contract describes it, with the company name read over REST.
 * `override` answers a request first when it returns a reply (a failure).
 */
function connectedAppsServer(
  initial: ConnectedApp[] = [],
  override: (request: StubRequest) => Reply | undefined = () => undefined,
) {
  let apps = [...initial]
  return (request: StubRequest): Reply => {
    const answer = override(request)
    if (answer) return answer
    const path = request.url.pathname
    if (path === "/rest/v1/users") return { json: { name: "Acme" } }
    if (path === "/api/v1/connected-apps" && request.method === "GET")
      return { json: { connected_apps: apps } }
    const id = decodeURIComponent(path.replace("/api/v1/connected-apps/", ""))
    if (request.method === "DELETE" && apps.some((app) => app.id === id)) {
      apps = apps.filter((app) => app.id !== id)
      return { status: 204 }
    }
    return {
      status: 404,
      json: { error: { code: "not_found", message: "No such connected app." } },
    }
  }
}

function open(server: ReturnType<typeof connectedAppsServer>, role: MemberRole = "owner") {
  const calls = stubBackend(server, undefined, { role })
  const auth = signedIn()
  renderApp(<ConnectedAppsTab />, { auth })
  const user = userEvent.setup({ pointerEventsCheck: 0 })
  const sent = (method: string) =>
    calls
      .filter((call) => call.method === method && call.url.pathname.startsWith("/api/v1/"))
      .map((call) => call.url.pathname.replace("/api/v1", ""))
  return { user, sent, myEmail: auth.user!.email! }
}

describe("Settings → Connected apps", { timeout: 20_000 }, () => {
  it("lists each app with who approved it, its permissions and when it was approved and used", async () => {
    const { myEmail } = open(
      connectedAppsServer([
        connected({
          id: "grant_2",
          client_id: "client_abc",
          name: "Claude",
          approved_by: { email: "bob@acme.test" },
          scopes: ["read", "manage"],
          last_used_at: "2026-11-25T09:30:00Z",
        }),
        connected({ approved_by: null }),
      ]),
    )
    const claude = await screen.findByRole("listitem", { name: "Claude" })
    expect(claude).toHaveTextContent("Approved by bob@acme.test")
    expect(claude).toHaveTextContent(`Last used${formatDateTime("2026-11-25T09:30:00Z")}`)
    const permissions = within(claude).getByRole("list", { name: "Permissions" })
    expect(
      within(permissions)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Read/), expect.stringMatching(/^Manage/)])
    expect(within(permissions).getByText("Manage")).toHaveAccessibleDescription(
      OAUTH_SCOPE_DESCRIPTIONS.manage,
    )

    const cli = screen.getByRole("listitem", { name: "Nativ CLI" })
    expect(cli).toHaveTextContent("Approved by someone no longer in the company")
    expect(cli).toHaveTextContent(`Approved${formatDateTime("2026-11-20T10:00:00Z")}`)
    expect(cli).toHaveTextContent(/Last used\s*Never used/)
    expect(within(cli).getByText("Stay connected")).toHaveAccessibleDescription(
      OAUTH_SCOPE_DESCRIPTIONS.offline_access,
    )
    expect(screen.queryByText(new RegExp(myEmail))).toBeNull()
  })

  it("calls the signed-in person's own approval theirs", async () => {
    const auth = signedIn()
    const email = auth.user!.email!
    stubBackend(connectedAppsServer([connected({ approved_by: { email: email.toUpperCase() } })]))
    renderApp(<ConnectedAppsTab />, { auth })
    expect(await screen.findByRole("listitem", { name: "Nativ CLI" })).toHaveTextContent(
      `Approved by you (${email.toUpperCase()})`,
    )
  })

  it("says what appears here when no app is connected", async () => {
    open(connectedAppsServer())
    expect(await screen.findByText("No connected apps")).toBeVisible()
    expect(
      screen.getByText(
        /AI assistants, the Nativ CLI and the Figma and Photoshop plugins appear here once you or a colleague approves them\. They connect by asking you to sign in through Nativ\./,
      ),
    ).toBeVisible()
  })

  it("shows the server's reason when the list cannot be read, and Retry reads it again", async () => {
    let failing = true
    const { user } = open(
      connectedAppsServer([connected()], (request) =>
        failing && request.url.pathname === "/api/v1/connected-apps"
          ? { status: 503, json: { error: { code: "unavailable", message: "Try again soon" } } }
          : undefined,
      ),
    )
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("The connected apps could not be loaded.")
    expect(alert).toHaveTextContent("Try again soon")
    expect(screen.queryByText("No connected apps")).toBeNull()
    failing = false
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    expect(await screen.findByRole("listitem", { name: "Nativ CLI" })).toBeVisible()
  })

  it("asks before disconnecting, then sends DELETE, confirms and reads the list again", async () => {
    const { user, sent } = open(
      connectedAppsServer([
        connected(),
        connected({ id: "grant/2", name: "Claude", client_id: "client_abc" }),
      ]),
    )
    const claude = await screen.findByRole("listitem", { name: "Claude" })
    await user.click(within(claude).getByRole("button", { name: "Disconnect Claude" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Disconnect Claude?" })
    expect(dialog).toHaveTextContent(
      '"Claude", approved by ana@acme.test, loses access immediately: its next request is refused. It can be connected again.',
    )
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }))
    expect(sent("DELETE")).toEqual([])
    expect(screen.getByRole("listitem", { name: "Claude" })).toBeVisible()

    await user.click(within(claude).getByRole("button", { name: "Disconnect Claude" }))
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Disconnect" }),
    )
    await findToast("App disconnected", "Claude no longer has access.")
    expect(sent("DELETE")).toEqual(["/connected-apps/grant%2F2"])
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Claude" })).toBeNull())
    expect(screen.getByRole("listitem", { name: "Nativ CLI" })).toBeVisible()
    expect(sent("GET")).toEqual(["/connected-apps", "/connected-apps"])
  })

  it("shows the server's refusal when a disconnect fails, and keeps the app", async () => {
    const { user } = open(
      connectedAppsServer([connected()], (request) =>
        request.method === "DELETE"
          ? {
              status: 404,
              json: { error: { code: "not_found", message: "No such connected app." } },
            }
          : undefined,
      ),
    )
    const cli = await screen.findByRole("listitem", { name: "Nativ CLI" })
    await user.click(within(cli).getByRole("button", { name: "Disconnect Nativ CLI" }))
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Disconnect" }),
    )
    await findToast("Error disconnecting app", "No such connected app.")
    expect(screen.getByRole("listitem", { name: "Nativ CLI" })).toBeVisible()
  })

  it.each<[MemberRole, string]>([
    ["owner", "As an owner or admin you see everyone's apps and can disconnect any of them."],
    ["admin", "As an owner or admin you see everyone's apps and can disconnect any of them."],
    ["member", "You see the apps you approved; owners and admins see everyone's."],
  ])("tells an %s whose apps they see", async (role, sentence) => {
    open(connectedAppsServer(), role)
    expect(await screen.findByText(new RegExp(sentence.replace(/[.?]/g, "\\$&")))).toBeVisible()
    expect(
      await screen.findByText(/Apps that act for Acme after a person approved them\./),
    ).toBeVisible()
    const other =
      role === "member"
        ? "As an owner or admin you see everyone's apps"
        : "You see the apps you approved"
    expect(screen.queryByText(new RegExp(other))).toBeNull()
    if (role === "member")
      expect(await screen.findByText(/appear here once you approve them\./)).toBeVisible()
  })

  it("is the Connected apps tab of Settings", async () => {
    stubBackend(connectedAppsServer([connected()]))
    renderApp(<SettingsPage />, { path: "/settings?tab=connected-apps", auth: signedIn() })
    expect(await screen.findByRole("tab", { name: "Connected apps" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    expect(await screen.findByRole("listitem", { name: "Nativ CLI" })).toBeVisible()
  })
})
