import type { Receipt } from "@nativ/contracts"
import { useMutation } from "@tanstack/react-query"

import { nativ } from "@/lib/api-client"
import { saveFile } from "@/lib/save-file"

/** GET /billing/payments/{id}/receipt.pdf, handed to the browser as a download. */
export async function downloadReceiptPdf(receipt: Receipt) {
  const { data } = await nativ().GET("/billing/payments/{id}/receipt.pdf", {
    params: { path: { id: receipt.payment_id } },
    parseAs: "blob",
  })
  saveFile(`nativ-receipt-${receipt.receipt_number}.pdf`, data!)
}

export const useDownloadReceiptPdf = () =>
  useMutation({
    mutationFn: downloadReceiptPdf,
    meta: { errorTitle: "Error downloading receipt" },
  })
