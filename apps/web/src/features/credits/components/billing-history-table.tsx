import { type BillingPayment, formatMoney } from "@nativ/contracts"
import { Link } from "react-router"

import { Badge } from "@/components/ui/badge"
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"
import { formatCredits, formatDateTime } from "@/lib/format"

import type { SignupGrant } from "../api/get-signup-grant"
import { receiptPath } from "../lib/receipt-path"
import { PaymentStatusBadge } from "./payment-status-badge"

/**
 * Date, Credits, Amount, Status and Receipt of one page of purchases; the page with the oldest
 * purchases ends with the credits granted at sign-up, if any.
 */
export function BillingHistoryTable({
  rows,
  busy,
  grant,
}: {
  rows: BillingPayment[]
  busy?: boolean
  grant?: SignupGrant | null
}) {
  return (
    <Table aria-busy={busy || undefined} aria-label="Billing history">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Credits</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Receipt</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell className="text-muted-foreground tabular-nums">
              {formatDateTime(payment.paid_at ?? payment.created_at)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCredits(payment.credits)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(payment.amount_cents, payment.currency)}
            </TableCell>
            <TableCell>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <PaymentStatusBadge status={payment.status} />
                {payment.status === "pending" && payment.checkout_url && (
                  <a
                    href={payment.checkout_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-sm font-medium whitespace-nowrap underline-offset-4 hover:underline"
                  >
                    Continue payment
                  </a>
                )}
              </span>
            </TableCell>
            <TableCell>
              <ReceiptLinks payment={payment} />
            </TableCell>
          </TableRow>
        ))}
        {grant && <GrantRow grant={grant} />}
      </TableBody>
    </Table>
  )
}

function ReceiptLinks({ payment }: { payment: BillingPayment }) {
  if (!payment.receipt_number) return <span className="text-muted-foreground">-</span>
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <Link
        to={receiptPath(payment.id)}
        className="font-medium whitespace-nowrap underline-offset-4 hover:underline"
        aria-label={`Receipt ${payment.receipt_number}`}
      >
        {payment.receipt_number}
      </Link>
      {payment.receipt_url && (
        <a
          href={payment.receipt_url}
          target="_blank"
          rel="noopener noreferrer"
          className="whitespace-nowrap text-muted-foreground underline-offset-4 hover:underline"
        >
          Stripe receipt
        </a>
      )}
    </span>
  )
}

/** The credits granted at sign-up: free, so no amount and no receipt. */
function GrantRow({ grant }: { grant: SignupGrant }) {
  return (
    <TableRow data-testid="signup-grant">
      <TableCell className="text-muted-foreground tabular-nums">
        {formatDateTime(grant.createdAt)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatCredits(grant.credits)}</TableCell>
      <TableCell className="text-right text-muted-foreground">Free</TableCell>
      <TableCell>
        <Badge variant="secondary">Grant</Badge>
      </TableCell>
      <TableCell className="text-muted-foreground">Sign-up credits</TableCell>
    </TableRow>
  )
}
