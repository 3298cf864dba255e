import { screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { announcePaymentCompleted, PAYMENT_CHANNEL } from "@/lib/auth/payment-channel"
import { stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { CreditsPage } from "../credits-page"
import { buildPayment } from "./billing-fixtures"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const HISTORY = "/api/v1/billing/payments"

describe("Buy Credits: a payment completed in another tab", { timeout: 20_000 }, () => {
  it("refreshes the balance and Billing history when the return page announces it", async () => {
    let paid = false
    stubBackend(({ url }) => {
      const payment = buildPayment(
        paid
          ? { id: "00000000-0000-4000-9000-000000000777" }
          : { id: "00000000-0000-4000-9000-000000000777", status: "pending" },
      )
      return url.pathname === HISTORY
        ? { json: { payments: [payment], total: 1, offset: 0, limit: 10 } }
        : { json: { credits: paid ? 20_000 : 0 } }
    })
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })

    const table = await screen.findByRole("table", { name: "Billing history" })
    expect(await within(table).findByText("Pending")).toBeInTheDocument()
    expect(await screen.findByText("0 Credits")).toBeInTheDocument()

    paid = true
    // Another tab's return page: a message on the same channel, from a different object.
    const checkoutTab = new BroadcastChannel(PAYMENT_CHANNEL)
    checkoutTab.postMessage({ type: "payment-completed" })
    checkoutTab.close()

    expect(await screen.findByText("20,000 Credits")).toBeInTheDocument()
    expect(await within(table).findByText("Paid")).toBeInTheDocument()
    expect(within(table).queryByText("Pending")).toBeNull()
  })

  it("announces a completed payment on the nativ-payments channel, and only that", async () => {
    const listener = vi.fn()
    const channel = new BroadcastChannel(PAYMENT_CHANNEL)
    channel.onmessage = (event: MessageEvent) => listener(event.data)
    const other = new BroadcastChannel(PAYMENT_CHANNEL)
    other.postMessage({ type: "something-else" })
    announcePaymentCompleted()
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(2))
    expect(listener).toHaveBeenLastCalledWith({ type: "payment-completed" })
    other.close()
    channel.close()
  })
})
