import type { MemberRole, NotificationSettings } from "@nativ/contracts"
import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { SettingsPage } from "../settings-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** GET and PATCH /notifications over one company, as the server answers them. */
function notificationsServer(initial: Partial<NotificationSettings> = {}) {
  let settings: NotificationSettings = {
    low_balance_threshold: 1_000,
    balance: 2_500,
    below_threshold: false,
    ...initial,
  }
  return (request: StubRequest) => {
    if (request.url.pathname !== "/api/v1/notifications") return { json: {} }
    if (request.method === "PATCH") {
      const threshold = (request.body as { low_balance_threshold: number | null })
        .low_balance_threshold
      settings = {
        ...settings,
        low_balance_threshold: threshold,
        below_threshold: threshold !== null && settings.balance < threshold,
      }
    }
    return { json: settings }
  }
}

function open(server: ReturnType<typeof notificationsServer>, role: MemberRole = "owner") {
  const calls = stubBackend(server, undefined, { role })
  renderApp(<SettingsPage />, { path: "/settings?tab=notifications", auth: signedIn() })
  return () => calls.filter((c) => c.method === "PATCH").map((c) => c.body)
}

const threshold = () => screen.findByLabelText("Threshold (credits)")
const toggle = () => screen.getByRole("switch", { name: /balance runs low/ })
const save = () => screen.getByRole("button", { name: "Save" })

describe("Settings → Notifications", { timeout: 20_000 }, () => {
  it("opens from the address with the alert on at 1,000 credits, and saves a new threshold", async () => {
    const patches = open(notificationsServer())
    expect(screen.getByRole("tab", { name: "Notifications" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    expect(await threshold()).toHaveValue("1000")
    expect(toggle()).toHaveAttribute("aria-checked", "true")
    expect(save()).toBeDisabled()

    const user = userEvent.setup()
    await user.clear(await threshold())
    await user.type(await threshold(), "5,000")
    await user.click(save())
    await findToast("Success", "Low-balance alert saved")
    expect(patches()).toEqual([{ low_balance_threshold: 5_000 }])
    expect(await threshold()).toHaveValue("5000")
  })

  it.each(["0", "12.5", "abc", "", "1000000001"])(
    "explains beside the field why %j cannot be saved, and sends nothing",
    async (typed) => {
      const patches = open(notificationsServer())
      const user = userEvent.setup()
      await user.clear(await threshold())
      if (typed) await user.type(await threshold(), typed)
      await user.click(save())
      expect(
        await screen.findByText("Enter a whole number of credits from 1 to 1,000,000,000."),
      ).toBeVisible()
      expect(await threshold()).toHaveAttribute("aria-invalid", "true")
      expect(patches()).toHaveLength(0)
    },
  )

  it("turns the alert off with the switch, and back on with the same number", async () => {
    const patches = open(notificationsServer())
    const user = userEvent.setup()
    await threshold()
    await user.click(toggle())
    expect(toggle()).toHaveAttribute("aria-checked", "false")
    await user.click(save())
    await findToast("Success", "Low-balance alert turned off")
    expect(patches()).toEqual([{ low_balance_threshold: null }])

    await user.click(toggle())
    expect(await threshold()).toHaveValue("1000")
    await user.click(save())
    expect(patches()).toEqual([{ low_balance_threshold: null }, { low_balance_threshold: 1_000 }])
  })

  it("shows members the alert read-only, and says who can change it", async () => {
    open(notificationsServer({ low_balance_threshold: 3_000 }), "member")
    expect(await threshold()).toHaveValue("3000")
    expect(await threshold()).toHaveAttribute("readonly")
    expect(toggle()).toBeDisabled()
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull()
    expect(
      screen.getByText("Only owners and admins can change the low-balance alert."),
    ).toBeVisible()
  })
})
