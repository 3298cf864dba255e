import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type WebhookDisabledEmailInput = {
  to: string
  companyName: string | null
  url: string
  failingSince: Date
  /** The dashboard's origin (env SITE_URL); the email links to Settings → Webhooks. */
  siteUrl: string
}

/** To each owner when the server turns off a webhook endpoint that failed for 3 days. */
export function webhookDisabledEmail(input: WebhookDisabledEmailInput): MailMessage {
  const company = input.companyName?.trim() || "Your company"
  const settingsUrl = `${input.siteUrl}/settings?tab=webhooks`
  const subject = "A Nativ webhook endpoint was turned off"
  const since = input.failingSince.toUTCString()
  const intro = `${company}'s webhook endpoint ${input.url} has failed every delivery since ${since}, so we turned it off.`
  const what =
    "Nothing is sent to it while it is off; events already queued wait. Fix the endpoint, then turn it back on in Settings → Webhooks: the waiting events are sent again, in order."
  const text = [intro, "", what, "", `Settings → Webhooks: ${settingsUrl}`, "", "— Nativ"].join(
    "\n",
  )
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(settingsUrl)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Open Webhooks</a></p>
</body></html>`
  return { to: input.to, subject, text, html }
}
