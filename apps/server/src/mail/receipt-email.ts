import { formatMoney } from "@nativ/contracts"

import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type ReceiptEmailInput = {
  to: string
  receiptNumber: string
  amountCents: number
  currency: string
  credits: number
  paidAt: Date
  companyName: string | null
  /** The dashboard's receipt page, which prints and downloads the PDF. */
  link: string
}

/** Sent once, when a purchase is credited: what was bought, for how much, and where the receipt is. */
export function receiptEmail(input: ReceiptEmailInput): MailMessage {
  const amount = formatMoney(input.amountCents, input.currency)
  const credits = `${input.credits.toLocaleString("en-US")} credits`
  const date = input.paidAt.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  })
  const rows: [string, string][] = [
    ["Receipt number", input.receiptNumber],
    ["Date paid", date],
    ["Amount paid", amount],
    ["Credits", credits],
    ...(input.companyName ? [["Company", input.companyName] as [string, string]] : []),
  ]
  const intro = `Thank you for your purchase. ${credits} were added to your Nativ balance.`
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `View, print or download your receipt: ${input.link}`,
    "",
    "— Nativ",
  ].join("\n")
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join("")}</table>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">View your receipt</a></p>
<p style="color:#555;font-size:13px">Keep this email for your records.</p>
</body></html>`
  return { to: input.to, subject: `Your Nativ receipt ${input.receiptNumber}`, text, html }
}
