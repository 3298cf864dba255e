import type { Receipt } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"

/** GET /billing/payments/{id}/receipt.pdf, handed to the browser as a download. */
export async function downloadReceiptPdf(receipt: Receipt) {
  const { data } = await nativ().request(
    "GET" as never,
    `/billing/payments/${encodeURIComponent(receipt.payment_id)}/receipt.pdf` as never,
    { parseAs: "blob" } as never,
  )
  // Typed by path once the client's types include this route; the body is a Blob either way.
  const url = URL.createObjectURL(data as unknown as Blob)
  const link = document.createElement("a")
  link.href = url
  link.download = `nativ-receipt-${receipt.receipt_number}.pdf`
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the blob after click() returns; give them a moment before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

export const useDownloadReceiptPdf = () =>
  useMutation({
    mutationFn: downloadReceiptPdf,
    meta: { errorTitle: "Error downloading receipt" },
  })
