import type { BillingPaymentStatus } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"

const LABELS: Record<BillingPaymentStatus, string> = {
  paid: "Paid",
  pending: "Pending",
  canceled: "Canceled",
  expired: "Expired",
}

export function PaymentStatusBadge({ status }: { status: BillingPaymentStatus }) {
  return (
    <Badge
      variant={status === "paid" ? "default" : status === "pending" ? "secondary" : "outline"}
      className={
        status === "canceled" || status === "expired" ? "text-muted-foreground" : undefined
      }
    >
      {LABELS[status]}
    </Badge>
  )
}
