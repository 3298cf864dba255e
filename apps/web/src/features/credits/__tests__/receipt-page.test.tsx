import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Navigate } from "react-router"
import { afterEach, describe, expect, it, vi } from "vitest"

import { paths } from "@/config/paths"
import { stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { ReceiptPage } from "../receipt-page"
import { buildReceipt } from "./billing-fixtures"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const openReceipt = (id: string) =>
  renderApp(<Navigate to={`/credits/receipts/${id}`} />, {
    path: "/go",
    auth: signedIn(),
    routes: [{ path: paths.receipt, element: <ReceiptPage /> }],
  })

describe("Receipt page", { timeout: 20_000 }, () => {
  it("shows the receipt's number, company, amount, credits and reference, and prints", async () => {
    const receipt = buildReceipt()
    const calls = stubBackend(() => ({ json: receipt }))
    const print = vi.spyOn(window, "print").mockImplementation(() => {})
    const user = userEvent.setup()
    openReceipt(receipt.payment_id)

    expect(
      await screen.findByRole("heading", { name: "Receipt NTV-2026-000042" }),
    ).toBeInTheDocument()
    expect(screen.getByText("Acme Localization")).toBeInTheDocument()
    expect(screen.getByText("ana@example.com")).toBeInTheDocument()
    expect(screen.getByText("100,000 Nativ credits")).toBeInTheDocument()
    expect(screen.getByTestId("receipt-total")).toHaveTextContent("$100.00")
    expect(screen.getByText("pi_3Nf8abc")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Stripe receipt" })).toHaveAttribute(
      "href",
      receipt.receipt_url,
    )
    expect(calls[calls.length - 1]!.url.pathname).toBe(
      `/api/v1/billing/payments/${receipt.payment_id}/receipt`,
    )
    await user.click(screen.getByRole("button", { name: "Print" }))
    expect(print).toHaveBeenCalledOnce()
  })

  it("downloads the PDF under the receipt's number", async () => {
    const receipt = buildReceipt()
    const calls = stubBackend(({ url }) =>
      url.pathname.endsWith(".pdf") ? { json: "%PDF-1.3" } : { json: receipt },
    )
    const blobs: Blob[] = []
    vi.spyOn(URL, "createObjectURL").mockImplementation(
      (blob) => (blobs.push(blob as Blob), "blob:receipt"),
    )
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {})
    const user = userEvent.setup()
    openReceipt(receipt.payment_id)

    await user.click(await screen.findByRole("button", { name: "Download PDF" }))
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect(click.mock.contexts[0]).toMatchObject({
      download: "nativ-receipt-NTV-2026-000042.pdf",
      href: "blob:receipt",
    })
    expect(await blobs[0]!.text()).toContain("%PDF-1.3")
    expect(calls.some((c) => c.url.pathname.endsWith("/receipt.pdf"))).toBe(true)
  })

  it("says why there is no receipt, in the server's words", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({
      status: 404,
      json: {
        error: {
          code: "not_found",
          message: "This payment was canceled, so it has no receipt.",
        },
      },
    }))
    openReceipt("00000000-0000-4000-9000-000000000001")
    expect(await screen.findByText("Loading receipt...")).toBeInTheDocument()
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This payment was canceled, so it has no receipt.",
    )
    expect(screen.queryByRole("button", { name: "Download PDF" })).toBeNull()
  })
})
