import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest"

import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { ConnectRequest } from "../components/connect-request"
import { leaveFor } from "../lib/leave-for"
import { buildConsentDetails } from "./consent-details"

// A worker shares its modules between files (isolate: false): this file imports the app afresh,
// so that every importer gets the mock, and leaves no mock behind.
vi.hoisted(() => vi.resetModules())
vi.mock("../lib/leave-for", () => ({ leaveFor: vi.fn() }))
afterAll(() => {
  vi.doUnmock("../lib/leave-for")
  vi.resetModules()
})

beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.mocked(leaveFor).mockReset()
})

const refusal = (status: number, code: string, message: string) => ({
  status,
  json: { error: { code, message } },
})

const BACK = "http://localhost:3000/oauth/auth/uid-1"

/** The interaction endpoints for request `uid-1`; `override` answers first when it replies. */
function interactionServer(
  override: (request: StubRequest) => ReturnType<typeof refusal> | undefined = () => undefined,
) {
  return (request: StubRequest) => {
    const answer = override(request)
    if (answer) return answer
    const path = request.url.pathname
    if (path === "/oauth/interaction/uid-1/details") return { json: buildConsentDetails() }
    if (path === "/oauth/interaction/uid-1/approve") return { json: { redirect_to: BACK } }
    if (path === "/oauth/interaction/uid-1/deny") return { json: { redirect_to: `${BACK}?d` } }
    return refusal(404, "interaction_not_found", "This sign-in request has expired.")
  }
}

const open = (path = "/connect?interaction=uid-1") =>
  renderApp(<ConnectRequest />, { path, auth: signedIn() })

describe("/connect", () => {
  it("reads the request with the person's token and approves the scopes kept", async () => {
    const calls = stubBackend(interactionServer())
    open()
    expect(screen.getByText("Loading...")).toBeInTheDocument()
    expect(
      await screen.findByRole("heading", { name: "Claude wants to access Acme Localization" }),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole("checkbox", { name: /^See your languages/ }))
    await userEvent.click(screen.getByRole("button", { name: "Approve" }))
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(BACK))
    const approve = calls.find((call) => call.url.pathname.endsWith("/approve"))!
    expect(approve.method).toBe("POST")
    expect(approve.body).toEqual({ scopes: ["translate", "offline_access"] })
    expect(approve.headers.get("authorization")).toMatch(/^Bearer ey/)
    // The browser is on its way back to the app: the buttons do not come back meanwhile.
    expect(screen.getByRole("button", { name: "Approving..." })).toBeDisabled()
  })

  it("denies and sends the browser back to the app", async () => {
    const calls = stubBackend(interactionServer())
    open()
    await userEvent.click(await screen.findByRole("button", { name: "Deny" }))
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(`${BACK}?d`))
    expect(calls.some((call) => call.url.pathname === "/oauth/interaction/uid-1/deny")).toBe(true)
    expect(calls.some((call) => call.url.pathname.endsWith("/approve"))).toBe(false)
  })

  it("shows the server's refusal in the card and lets the person answer again", async () => {
    let refuse = true
    stubBackend(
      interactionServer((request) =>
        request.url.pathname.endsWith("/approve") && refuse
          ? refusal(403, "forbidden", "Only owners and admins can let an app change glossaries.")
          : undefined,
      ),
    )
    open()
    await userEvent.click(await screen.findByRole("button", { name: "Approve" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only owners and admins can let an app change glossaries.",
    )
    expect(leaveFor).not.toHaveBeenCalled()
    refuse = false
    await userEvent.click(screen.getByRole("button", { name: "Approve" }))
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(BACK))
  })

  it("says the request expired when the server no longer knows it", async () => {
    stubBackend(interactionServer())
    open("/connect?interaction=gone")
    expect(
      await screen.findByRole("heading", { name: "This request has expired" }),
    ).toBeInTheDocument()
    expect(screen.getByText("This sign-in request has expired.")).toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument()
  })

  it("says a link without its request is incomplete, without calling the server", async () => {
    const calls = stubBackend(interactionServer())
    open("/connect")
    expect(screen.getByRole("heading", { name: "This request has expired" })).toBeInTheDocument()
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument()
    expect(calls.filter((call) => call.url.pathname.startsWith("/oauth"))).toEqual([])
  })

  it("offers Retry when the request could not be read, and shows it once it can", async () => {
    let fail = true
    stubBackend(
      interactionServer(() =>
        fail ? refusal(500, "internal_error", "Something broke on our side.") : undefined,
      ),
    )
    open()
    expect(await screen.findByText("This request could not be loaded.")).toBeInTheDocument()
    expect(screen.getByText("Something broke on our side.")).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole("button", { name: "Retry" }))
    expect(
      await screen.findByRole("heading", { name: "Claude wants to access Acme Localization" }),
    ).toBeInTheDocument()
  })

  it("says the request expired when it was answered elsewhere meanwhile", async () => {
    stubBackend(
      interactionServer((request) =>
        request.url.pathname.endsWith("/deny")
          ? refusal(404, "interaction_not_found", "This sign-in request was already used.")
          : undefined,
      ),
    )
    open()
    await userEvent.click(await screen.findByRole("button", { name: "Deny" }))
    expect(
      await screen.findByRole("heading", { name: "This request has expired" }),
    ).toBeInTheDocument()
    expect(screen.getByText("This sign-in request was already used.")).toBeInTheDocument()
  })
})
