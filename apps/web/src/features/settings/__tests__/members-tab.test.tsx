import type { Member, MemberRole } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { MembersTab } from "../components/members-tab"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const person = (email: string, role: MemberRole, status: Member["status"] = "active"): Member => ({
  id: `id-${email}`,
  email,
  role,
  status,
  invited_at: null,
  joined_at: status === "active" ? new Date().toISOString() : null,
  last_sign_in_at: null,
  invitation_expires_at: null,
})

/** The caller (whose member id the stub gives as `member-<user id>`) and the rest of the company. */
function company(callerId: string, callerRole: MemberRole, others: Member[]) {
  const you = { ...person("you@acme.test", callerRole), id: `member-${callerId}` }
  return (request: StubRequest) => {
    const path = request.url.pathname
    if (path === "/rest/v1/users") return { json: { name: "Acme" } }
    if (path.endsWith("/members") && request.method === "GET")
      return { json: { members: [you, ...others] } }
    if (path.endsWith("/members") && request.method === "POST")
      return {
        status: 409,
        json: {
          error: { code: "member_exists", message: "taken@x.test already has a Nativ account." },
        },
      }
    return { status: 404, json: {} }
  }
}

describe("Settings → Members", { timeout: 20_000 }, () => {
  it("shows an owner every control but on themselves, and the server's refusal as a toast", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const auth = signedIn()
    const calls = stubBackend(
      company(auth.user!.id, "owner", [
        person("ada@acme.test", "admin"),
        {
          ...person("new@acme.test", "member", "invited"),
          invitation_expires_at: "2099-03-10T12:00:00Z",
        },
        {
          ...person("late@acme.test", "member", "invited"),
          invitation_expires_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        },
      ]),
    )
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<MembersTab />, { auth })
    const you = await screen.findByRole("listitem", { name: "you@acme.test" })
    expect(you).toHaveTextContent("(you)")
    expect(within(you).queryByRole("button")).toBeNull()
    const invited = screen.getByRole("listitem", { name: "new@acme.test" })
    expect(invited).toHaveTextContent("Invited")
    expect(invited).toHaveTextContent("Never signed in")
    expect(invited).toHaveTextContent(/Invitation expires Mar 10, 2099/)
    const late = screen.getByRole("listitem", { name: "late@acme.test" })
    expect(late).toHaveTextContent("Invitation expired 2 days ago")
    expect(within(late).getByRole("button", { name: "Resend invitation" })).toBeVisible()
    expect(within(invited).getByRole("button", { name: "Resend invitation" })).toBeVisible()
    expect(screen.getByRole("combobox", { name: "Role for ada@acme.test" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Remove ada@acme.test" })).toBeVisible()
    expect(await screen.findByText(/People in Acme share its credits/)).toBeVisible()

    await user.type(screen.getByLabelText("Email"), "taken@x.test")
    await user.click(screen.getByRole("button", { name: "Send invitation" }))
    await findToast("Error", "taken@x.test already has a Nativ account.")
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      email: "taken@x.test",
      role: "member",
    })
  })

  it("gives an admin no control over owners and a member no controls at all", async () => {
    const auth = signedIn()
    stubBackend(company(auth.user!.id, "admin", [person("boss@acme.test", "owner")]), undefined, {
      role: "admin",
    })
    const { unmount } = renderApp(<MembersTab />, { auth })
    const boss = await screen.findByRole("listitem", { name: "boss@acme.test" })
    expect(within(boss).queryByRole("button")).toBeNull()
    expect(within(boss).queryByRole("combobox")).toBeNull()
    expect(await screen.findByRole("button", { name: "Send invitation" })).toBeVisible()
    unmount()

    stubBackend(company(auth.user!.id, "member", [person("boss@acme.test", "owner")]), undefined, {
      role: "member",
    })
    renderApp(<MembersTab />, { auth })
    await screen.findByRole("listitem", { name: "boss@acme.test" })
    expect(screen.queryByRole("button", { name: "Send invitation" })).toBeNull()
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull()
  })

  it("says when you are the only member", async () => {
    const auth = signedIn()
    stubBackend(company(auth.user!.id, "owner", []))
    renderApp(<MembersTab />, { auth })
    expect(
      await screen.findByText(
        "You're the only member. Invite colleagues to share credits and history.",
      ),
    ).toBeVisible()
  })
})
