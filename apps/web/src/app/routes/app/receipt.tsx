import { ReceiptPage } from "@/features/credits/receipt-page"

export function Component() {
  return <ReceiptPage />
}
