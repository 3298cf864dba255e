import type { PaymentStatus } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"

const LABELS: Record<PaymentStatus, string> = {
  paid: "Paid",
  pending: "Pending",
  canceled: "Canceled",
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge
      variant={status === "paid" ? "default" : status === "pending" ? "secondary" : "outline"}
      className={status === "canceled" ? "text-muted-foreground" : undefined}
    >
      {LABELS[status]}
    </Badge>
  )
}
