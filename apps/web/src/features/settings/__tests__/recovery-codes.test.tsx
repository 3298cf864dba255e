import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { authStorageKey } from "@/lib/auth-storage-key"
import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { buildSession, buildTotpFactor, buildUser, signedIn, testConfig } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SecurityTab } from "../components/security-tab"
import { recoveryCodesText } from "../lib/recovery-codes-file"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, "2")}`)

function twoFactorOn() {
  const factor = buildTotpFactor()
  const session = buildSession(buildUser({ factors: [factor] }), "aal2")
  localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(session))
  return { session, factor }
}

/** The auth server of an account with two-factor on and `remaining` recovery codes. */
function server(user: unknown, remaining: number, extra?: (r: StubRequest) => unknown) {
  return (request: StubRequest) => {
    const path = request.url.pathname
    const handled = extra?.(request)
    if (handled) return handled as { status?: number; json?: unknown }
    if (path === "/auth/v1/user") return { json: user }
    if (path === "/auth/v1/recovery-codes" && request.method === "GET")
      return { json: { remaining, total: 10, created_at: "2026-11-01T00:00:00Z" } }
    if (path === "/auth/v1/recovery-codes") return { json: { codes: CODES } }
    return { status: 404, json: {} }
  }
}

describe("Settings → Security → recovery codes", { timeout: 20_000 }, () => {
  it("shows how many codes are left, and warns when few are", async () => {
    const { session } = twoFactorOn()
    stubBackend(server(session.user, 2), session)
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    expect(await screen.findByText("2 recovery codes left of 10")).toBeInTheDocument()
    expect(screen.getByText(/Few recovery codes are left/)).toBeInTheDocument()
  })

  it("does not warn while enough codes are left", async () => {
    const { session } = twoFactorOn()
    stubBackend(server(session.user, 8), session)
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    expect(await screen.findByText("8 recovery codes left of 10")).toBeInTheDocument()
    expect(screen.queryByText(/Few recovery codes are left/)).not.toBeInTheDocument()
  })

  it("creates a new set after a warning, shows it once, and downloads it as text", async () => {
    const { session } = twoFactorOn()
    const calls = stubBackend(server(session.user, 10), session)
    const created: Blob[] = []
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob)
      return "blob:codes"
    })
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await user.click(await screen.findByRole("button", { name: "Create new codes" }))
    const dialog = screen.getByRole("dialog", { name: "Create new recovery codes?" })
    expect(dialog).toHaveTextContent("Your current recovery codes will stop working")
    await user.click(within(dialog).getByRole("button", { name: "Create new codes" }))
    const list = await screen.findByRole("list", { name: "Recovery codes" })
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(CODES)
    expect(calls.find((c) => c.method === "POST")?.url.pathname).toBe("/auth/v1/recovery-codes")
    await user.click(screen.getByRole("button", { name: "Download" }))
    expect(created).toHaveLength(1)
    expect(created[0]!.type).toBe("text/plain;charset=utf-8")
    expect(await created[0]!.text()).toContain(CODES.join("\n"))
    await user.click(screen.getByRole("button", { name: "I have saved my codes" }))
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument()
  })

  it("shows the first codes once two-factor is turned on", async () => {
    const off = buildSession(buildUser(), "aal1")
    localStorage.setItem(authStorageKey(testConfig.supabaseUrl), JSON.stringify(off))
    const on = buildSession(buildUser({ factors: [buildTotpFactor()] }), "aal2")
    const calls = stubBackend((request) => {
      const path = request.url.pathname
      if (path === "/auth/v1/user") return { json: off.user }
      if (path === "/auth/v1/factors")
        return {
          json: {
            id: "f1",
            type: "totp",
            friendly_name: "",
            totp: {
              secret: "JBSWY3DPEHPK3PXP",
              uri: "otpauth://totp/Nativ:a?secret=JBSWY3DPEHPK3PXP",
              qr_code: "",
            },
          },
        }
      if (path.endsWith("/challenge"))
        return { json: { id: "c1", type: "totp", expires_at: Date.now() / 1000 + 300 } }
      if (path.endsWith("/verify")) return { json: on }
      if (path === "/auth/v1/recovery-codes" && request.method === "POST")
        return { json: { codes: CODES } }
      if (path === "/auth/v1/recovery-codes")
        return { json: { remaining: 10, total: 10, created_at: null } }
      return { status: 404, json: {} }
    }, off)
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await user.click(
      await screen.findByRole("button", { name: "Set up two-factor authentication" }),
    )
    await user.type(await screen.findByLabelText("Verification code"), "123456")
    await user.click(screen.getByRole("button", { name: "Turn on" }))
    const dialog = await screen.findByRole("dialog", { name: "Save your recovery codes" })
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(10)
    expect(within(dialog).getByRole("button", { name: "Copy" })).toBeInTheDocument()
    expect(calls.filter((c) => c.url.pathname === "/auth/v1/recovery-codes")).toHaveLength(1)
    await user.click(within(dialog).getByRole("button", { name: "I have saved my codes" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
  })

  it("asks for a code to remove two-factor and accepts a recovery code", async () => {
    const { session, factor } = twoFactorOn()
    const calls = stubBackend(
      server(session.user, 5, (request) => {
        if (request.url.pathname === "/auth/v1/recovery-codes/verify") return { json: session }
        if (request.method === "DELETE") return { json: { id: factor.id } }
        return undefined
      }),
      session,
    )
    const user = userEvent.setup()
    renderApp(<SecurityTab />, { path: "/settings?tab=security", auth: signedIn() })
    await user.click(await screen.findByRole("button", { name: "Remove" }))
    const dialog = screen.getByRole("dialog", { name: "Remove the authenticator app?" })
    await user.click(within(dialog).getByRole("button", { name: "Remove" }))
    expect(
      within(dialog).getByText(
        "Enter the 6-digit code from your authenticator app, or a recovery code.",
      ),
    ).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText("Authenticator or recovery code"), CODES[0]!)
    await user.click(within(dialog).getByRole("button", { name: "Remove" }))
    await findToast("Two-factor authentication is off", "Signing in now needs only your password.")
    const verify = calls.find((c) => c.url.pathname === "/auth/v1/recovery-codes/verify")
    expect(verify?.body).toEqual({ code: CODES[0] })
    expect(calls.some((c) => c.method === "DELETE")).toBe(true)
  })
})

describe("the recovery codes file", () => {
  it("names the account and the date, and lists one code per line", () => {
    const text = recoveryCodesText(
      ["aaaaa-bbbbb", "ccccc-ddddd"],
      "a@x.test",
      new Date("2026-11-26"),
    )
    expect(text).toContain("Account: a@x.test")
    expect(text).toContain("Created: 2026-11-26")
    expect(text).toContain("aaaaa-bbbbb\nccccc-ddddd\n")
  })
})
