import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

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

describe("Buy Credits: Billing history", { timeout: 20_000 }, () => {
  it("lists purchases with their status and receipts, Stripe's too", async () => {
    const paid = buildPayment({ receipt_url: "https://pay.stripe.test/receipts/1" })
    const pending = buildPayment({ status: "pending", credits: 5_000, amount_cents: 500 })
    const canceled = buildPayment({ status: "canceled", credits: 7_500, amount_cents: 750 })
    stubBackend(({ url }) =>
      url.pathname === HISTORY
        ? { json: { payments: [canceled, pending, paid], total: 3, offset: 0, limit: 10 } }
        : { json: { credits: 0 } },
    )
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })

    const table = await screen.findByRole("table", { name: "Billing history" })
    const rows = within(table).getAllByRole("row").slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .slice(1, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["7,500", "$7.50", "Canceled"],
      ["5,000", "$5.00", "Pending"],
      ["20,000", "$20.00", "Paid"],
    ])
    const receipt = within(rows[2]!).getByRole("link", { name: `Receipt ${paid.receipt_number}` })
    expect(receipt).toHaveAttribute("href", `/credits/receipts/${paid.id}`)
    expect(within(rows[2]!).getByRole("link", { name: "Stripe receipt" })).toHaveAttribute(
      "href",
      "https://pay.stripe.test/receipts/1",
    )
    expect(within(rows[0]!).queryByRole("link")).toBeNull()
    expect(screen.queryByRole("navigation", { name: "pagination" })).toBeNull()
  })

  it("shows an expired checkout as Expired and offers Continue payment for an open one", async () => {
    const open = buildPayment({
      status: "pending",
      credits: 5_000,
      amount_cents: 500,
      checkout_url: "https://pay.example.test/c/open",
    })
    const expired = buildPayment({ status: "expired", credits: 7_500, amount_cents: 750 })
    stubBackend(({ url }) =>
      url.pathname === HISTORY
        ? { json: { payments: [open, expired], total: 2, offset: 0, limit: 10 } }
        : { json: { credits: 0 } },
    )
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })

    const table = await screen.findByRole("table", { name: "Billing history" })
    const [openRow, expiredRow] = within(table).getAllByRole("row").slice(1)
    expect(within(openRow!).getByText("Pending")).toBeInTheDocument()
    const resume = within(openRow!).getByRole("link", { name: "Continue payment" })
    expect(resume).toHaveAttribute("href", "https://pay.example.test/c/open")
    expect(resume).toHaveAttribute("target", "_blank")
    expect(within(expiredRow!).getByText("Expired")).toBeInTheDocument()
    expect(within(expiredRow!).queryByRole("link", { name: "Continue payment" })).toBeNull()
  })

  it("says 'No purchases yet' for a company that never bought", async () => {
    stubBackend(({ url }) =>
      url.pathname === HISTORY
        ? { json: { payments: [], total: 0, offset: 0, limit: 10 } }
        : { json: { credits: 0 } },
    )
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    expect(await screen.findByText("No purchases yet")).toBeInTheDocument()
  })

  it("shows loading, then the server's message when the history cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(({ url }) =>
      url.pathname === HISTORY
        ? {
            status: 403,
            json: {
              error: {
                code: "forbidden",
                message: "Only owners and admins can see billing history and receipts.",
              },
            },
          }
        : { json: { credits: 0 } },
    )
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    expect(await screen.findByText("Loading billing history...")).toBeInTheDocument()
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Could not load billing history.")
    expect(alert).toHaveTextContent("Only owners and admins can see billing history and receipts.")
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument()
    expect(screen.queryByText("No purchases yet")).not.toBeInTheDocument()
  })

  it("pages through more than ten purchases", async () => {
    const calls = stubBackend(({ url }) => {
      if (url.pathname !== HISTORY) return { json: { credits: 0 } }
      const offset = Number(url.searchParams.get("offset"))
      const count = offset === 0 ? 10 : 2
      return {
        json: {
          payments: Array.from({ length: count }, () => buildPayment()),
          total: 12,
          offset,
          limit: 10,
        },
      }
    })
    const user = userEvent.setup()
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    const table = await screen.findByRole("table", { name: "Billing history" })
    expect(within(table).getAllByRole("row")).toHaveLength(11)
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Page 2" }))
    await vi.waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3))
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument()
    expect(
      calls.filter((c) => c.url.pathname === HISTORY).map((c) => c.url.searchParams.get("offset")),
    ).toEqual(["0", "10"])
  })

  it("ends the history with the credits granted at sign-up, alone or after the purchases", async () => {
    const grant = [{ delta: 500, created_at: "2026-11-20T10:00:00Z" }]
    const grantRow = (table: HTMLElement) => within(table).getByTestId("signup-grant")
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell").slice(1)
    const only = stubBackend(({ url }) => {
      if (url.pathname === HISTORY)
        return { json: { payments: [], total: 0, offset: 0, limit: 10 } }
      if (url.pathname === "/rest/v1/credit_ledger") return { json: grant }
      return { json: { credits: 500 } }
    })
    const { unmount } = renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    const table = await screen.findByRole("table", { name: "Billing history" })
    expect(cells(grantRow(table)).map((c) => c.textContent)).toEqual([
      "500",
      "Free",
      "Grant",
      "Sign-up credits",
    ])
    expect(screen.queryByText("No purchases yet")).toBeNull()
    const read = only.find((c) => c.url.pathname === "/rest/v1/credit_ledger")
    expect(read?.url.searchParams.get("reason")).toBe("eq.signup_grant")
    unmount()

    stubBackend(({ url }) => {
      if (url.pathname === HISTORY)
        return { json: { payments: [buildPayment()], total: 1, offset: 0, limit: 10 } }
      if (url.pathname === "/rest/v1/credit_ledger") return { json: grant }
      return { json: { credits: 20_500 } }
    })
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    const both = await screen.findByRole("table", { name: "Billing history" })
    await within(both).findByTestId("signup-grant")
    const rows = within(both).getAllByRole("row").slice(1)
    expect(rows.map((row) => within(row).getAllByRole("cell")[3]!.textContent)).toEqual([
      "Paid",
      "Grant",
    ])
  })

  it("is not shown to members, who cannot buy credits", async () => {
    const calls = stubBackend(() => ({ json: { credits: 0 } }), undefined, { role: "member" })
    renderApp(<CreditsPage />, { path: "/credits", auth: signedIn() })
    expect(await screen.findByText(/Only owners and admins can buy credits/)).toBeInTheDocument()
    expect(screen.queryByText("Billing history")).toBeNull()
    expect(calls.some((c) => c.url.pathname === HISTORY)).toBe(false)
  })
})
