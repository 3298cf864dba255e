import type { MemberRole } from "@nativ/contracts"

import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type InvitationEmailInput = {
  to: string
  companyName: string | null
  role: MemberRole
  /** Accepts: GET /auth/v1/verify → the dashboard's /set-password. */
  link: string
  code: string
  /** The dashboard's /decline-invitation page with the token that can only decline. */
  declineLink: string
  expiresAt: Date
}

const ROLE_NAMES: Record<MemberRole, string> = {
  owner: "an owner",
  admin: "an admin",
  member: "a member",
}

/** "December 3, 2026 at 3:00 PM UTC": an invitee may be anywhere, so the time says its zone. */
export const invitationExpiryText = (date: Date) =>
  `${date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`

/**
 * The invitation into a company: accept (sets a password and joins), decline, or ignore — the
 * address stays free either way — and when the invitation expires.
 */
export function invitationEmail(input: InvitationEmailInput): MailMessage {
  const company = input.companyName?.trim() || "a company"
  const intro = `You have been invited to join ${company} on Nativ as ${ROLE_NAMES[input.role]}. Accept the invitation to set your password and join.`
  const expiry = `This invitation expires on ${invitationExpiryText(input.expiresAt)}. After that, ask whoever invited you to send it again.`
  const decline =
    "Not for you? Decline the invitation. Until you accept, it does not tie your address to this company: you can also sign up for your own Nativ account."
  const text = [
    intro,
    "",
    `Accept the invitation: ${input.link}`,
    "",
    `Or enter this code: ${input.code}`,
    "",
    expiry,
    "",
    decline,
    `Decline the invitation: ${input.declineLink}`,
    "",
    "— Nativ",
  ].join("\n")
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p>Or enter this code: <strong>${escapeHtml(input.code)}</strong></p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(decline)} <a href="${escapeHtml(input.declineLink)}">Decline the invitation</a></p>
</body></html>`
  return {
    to: input.to,
    subject: `You have been invited to join ${company} on Nativ`,
    text,
    html,
  }
}
