import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { CreditsPage } from "../credits-page"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const functionPath = (name: string) => `/functions/v1/${name}`

describe("Buy Credits", { timeout: 20_000 }, () => {
  it("shows the balance, the three packages and opens the checkout in a new tab", async () => {
    const calls = stubBackend(({ url }) =>
      url.pathname === "/rest/v1/users"
        ? { json: { credits: 1234567 } }
        : { json: { url: "http://localhost:8080/_checkout/cs_1" } },
    )
    const open = vi.spyOn(window, "open").mockReturnValue(null)
    const user = userEvent.setup()
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })

    await vi.waitFor(() =>
      expect(screen.getByTestId("credits-page-balance")).toHaveTextContent("1,234,567 Credits"),
    )
    expect(screen.getByText("Perfect for getting started")).toBeInTheDocument()
    expect(screen.getByText("Most popular choice")).toBeInTheDocument()
    expect(screen.getByText("Maximum value package")).toBeInTheDocument()
    expect(screen.getByText("Most Popular")).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Purchase 100,000 credits for $100" }))
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        "http://localhost:8080/_checkout/cs_1",
        "_blank",
        "noopener,noreferrer",
      ),
    )
    expect(calls.filter((c) => c.url.pathname === functionPath("create-payment"))).toEqual([
      expect.objectContaining({ body: { credits: 100000, amount: 100 } }),
    ])
  })

  it("says what the engine does with the credits before anything is bought", async () => {
    stubBackend(() => ({ json: { credits: 0 } }))
    const { unmount } = renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    expect(screen.getByTestId("engine-status")).toHaveTextContent(
      "Nativ keeps your words as written and adapts only numbers, dates, units and quotation marks",
    )
    unmount()
    renderApp(<CreditsPage />, {
      path: "/credits",
      auth: signedIn(),
      config: { engine: { kind: "anthropic", model: "claude-sonnet-4" } },
    })
    expect(screen.getByTestId("engine-status")).toHaveTextContent(
      "Texts are translated and adapted by the model claude-sonnet-4 from Anthropic.",
    )
  })

  it("shows 'Loading...' until the balance is known", () => {
    stubBackend(() => ({ json: {} }))
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    expect(screen.getByTestId("credits-page-balance")).toHaveTextContent("Loading...")
  })

  it("previews the credits of a custom amount and refuses less than $1", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(({ url }) =>
      url.pathname === "/rest/v1/users"
        ? { json: { credits: 0 } }
        : { json: { url: "http://checkout" } },
    )
    vi.spyOn(window, "open").mockReturnValue(null)
    const user = userEvent.setup()
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })

    const amount = screen.getByLabelText("Amount (USD)")
    await user.type(amount, "0.99")
    expect(screen.getByText(/You'll get/)).toHaveTextContent("You'll get 990 credits")
    await user.click(screen.getByRole("button", { name: "Purchase Custom Amount" }))
    await findToast("Invalid Amount", "Please enter a valid amount (minimum $1)")
    expect(calls.filter((c) => c.url.pathname === functionPath("create-payment"))).toHaveLength(0)

    await user.clear(amount)
    await user.type(amount, "12.34")
    expect(screen.getByText(/You'll get/)).toHaveTextContent("You'll get 12,340 credits")
    await user.click(screen.getByRole("button", { name: "Purchase Custom Amount" }))
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url.pathname === functionPath("create-payment"))?.body).toEqual({
        credits: 12340,
        amount: 12.34,
      }),
    )
  })

  it("shows the function's message under 'Payment Error'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({
      status: 502,
      json: { error: "The payment provider could not be reached." },
    }))
    const user = userEvent.setup()
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    await user.click(screen.getByRole("button", { name: "Purchase 20,000 credits for $20" }))
    await findToast("Payment Error", "The payment provider could not be reached.")
  })

  it("verifies a returning payment once, refreshes the balance and rewrites the address", async () => {
    let balance = 0
    const calls = stubBackend(({ url }) => {
      if (url.pathname === "/rest/v1/users") return { json: { credits: balance } }
      balance = 20000
      return { json: { credits_added: 20000 } }
    })
    const { router } = renderApp(<CreditsPage />, {
      path: "/credits?success=true&session_id=cs_42",
      auth: signedIn(),
    })
    await findToast("Payment Successful!", "20,000 credits added to your account.")
    await vi.waitFor(() =>
      expect(screen.getByTestId("credits-page-balance")).toHaveTextContent("20,000 Credits"),
    )
    expect(router.state.location.search).toBe("")
    expect(calls.filter((c) => c.url.pathname === functionPath("verify-payment"))).toEqual([
      expect.objectContaining({ body: { session_id: "cs_42" } }),
    ])
  })

  it("reports a failed verification and a canceled payment", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({ status: 404, json: { error: "Payment session not found" } }))
    const first = renderApp(<CreditsPage />, { path: "/credits?success=true&session_id=cs_x" })
    await findToast("Payment Verification Failed", "Payment session not found")
    first.unmount()

    const { router } = renderApp(<CreditsPage />, { path: "/credits?canceled=true" })
    await findToast("Payment Canceled", "Your payment was canceled. No charges were made.")
    expect(router.state.location.search).toBe("")
  })
})
