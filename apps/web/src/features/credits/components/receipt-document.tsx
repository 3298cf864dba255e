import { formatMoney, type Receipt } from "@nativ/contracts"

import { Separator } from "@/components/ui/separator"
import { formatCredits, formatDateTime } from "@/lib/format"

/** The receipt itself, as it prints: who paid what, when, for how many credits, and the reference. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const amount = formatMoney(receipt.amount_cents, receipt.currency)
  const rows: [string, string][] = [
    ["Receipt number", receipt.receipt_number],
    ["Date paid", formatDateTime(receipt.paid_at)],
    ["Company", receipt.company_name || "-"],
    ["Billed to", receipt.billed_to ?? "-"],
    ["Payment method", receipt.provider === "stripe" ? "Card (Stripe)" : "Test checkout"],
    ["Payment reference", receipt.payment_reference],
  ]
  return (
    <article
      aria-labelledby="receipt-title"
      className="space-y-6 rounded-lg border bg-card p-6 text-card-foreground sm:p-8 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="text-xl font-bold">Nativ</p>
          <p className="text-sm text-muted-foreground">Text culturalization</p>
        </div>
        <h2 id="receipt-title" className="text-lg font-semibold">
          Receipt {receipt.receipt_number}
        </h2>
      </header>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="mb-2 font-medium break-all sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <Separator />
      <div className="space-y-2 text-sm">
        <p className="flex justify-between gap-4">
          <span>{formatCredits(receipt.credits)} Nativ credits</span>
          <span className="tabular-nums">{amount}</span>
        </p>
        <p className="flex justify-between gap-4 text-base font-semibold">
          <span>Total paid</span>
          <span className="tabular-nums" data-testid="receipt-total">
            {amount}
          </span>
        </p>
      </div>
      {receipt.receipt_url && (
        <p className="text-sm print:hidden">
          <a
            href={receipt.receipt_url}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-4"
          >
            Stripe receipt
          </a>
        </p>
      )}
      <p className="text-sm text-muted-foreground">Thank you for your purchase.</p>
    </article>
  )
}
