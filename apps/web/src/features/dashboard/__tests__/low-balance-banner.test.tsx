import type { MemberRole } from "@nativ/contracts"
import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { LowBalanceBanner } from "../components/low-balance-banner"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

type UsersRow = {
  credits: number
  low_balance_threshold: number | null
  low_balance_below: boolean
}

function show(row: UsersRow, role: MemberRole = "owner") {
  const calls = stubBackend(
    (request: StubRequest) =>
      request.url.pathname === "/rest/v1/users" ? { json: row } : { json: [] },
    undefined,
    { role },
  )
  renderApp(<LowBalanceBanner />, { auth: signedIn() })
  return calls
}

describe("the dashboard's low-balance banner", () => {
  it("tells owners the balance is under the threshold and links to Buy Credits", async () => {
    show({ credits: 640, low_balance_threshold: 1_000, low_balance_below: true })
    const banner = await screen.findByRole("status")
    expect(banner).toHaveTextContent("Your balance is below 1,000 credits. 640 credits left.")
    expect(screen.getByRole("link", { name: "Buy Credits" })).toHaveAttribute("href", "/credits")
  })

  it("tells members whom to ask, without a link they could not use", async () => {
    show({ credits: 10, low_balance_threshold: 5_000, low_balance_below: true }, "member")
    const banner = await screen.findByRole("status")
    expect(banner).toHaveTextContent(
      "Your balance is below 5,000 credits. Ask an owner or admin to buy credits.",
    )
    expect(screen.queryByRole("link")).toBeNull()
  })

  it("stays away at or above the threshold, with the alert off, and for a new account", async () => {
    for (const row of [
      { credits: 1_000, low_balance_threshold: 1_000, low_balance_below: false },
      { credits: 10, low_balance_threshold: null, low_balance_below: false },
      { credits: 0, low_balance_threshold: 1_000, low_balance_below: false },
    ]) {
      const calls = show(row)
      await vi.waitFor(() =>
        expect(calls.some((c) => c.url.pathname === "/rest/v1/users")).toBe(true),
      )
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(screen.queryByRole("status")).toBeNull()
      document.body.innerHTML = ""
    }
  })
})
