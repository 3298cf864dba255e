import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type LowBalanceEmailInput = {
  to: string
  companyName: string | null
  balance: number
  threshold: number
  /** The dashboard's origin (env SITE_URL); the email links to its Buy Credits page. */
  siteUrl: string
}

const credits = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "credit" : "credits"}`

/** The one email a downward crossing of the low-balance threshold sends to each owner. */
export function lowBalanceEmail(input: LowBalanceEmailInput): MailMessage {
  const company = input.companyName?.trim() || "Your company"
  const buyUrl = `${input.siteUrl}/credits`
  const subject = `Your Nativ balance is below ${credits(input.threshold)}`
  const intro = `${company}'s Nativ balance is ${credits(input.balance)}, below your alert threshold of ${credits(input.threshold)}.`
  const why =
    "Culturalize requests (the API, the plugins and the Playground) stop once the balance cannot cover them. Buy credits to keep them running."
  const outro =
    "We send this once each time the balance falls below the threshold. Change or turn off the alert in Settings → Notifications."
  const text = [intro, "", why, "", `Buy Credits: ${buyUrl}`, "", outro, "", "— Nativ"].join("\n")
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(buyUrl)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Buy Credits</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(outro)}</p>
</body></html>`
  return { to: input.to, subject, text, html }
}
