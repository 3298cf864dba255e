import type { MemberRole } from "@nativ/contracts"

import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type InvitationEmailInput = {
  to: string
  companyName: string | null
  role: MemberRole
  /** Who sent it: a member's email address, or null for the operator (`npm run nativ -- invite`). */
  inviter: string | null
  /** Accepts: GET /auth/v1/verify → the dashboard's /set-password. */
  link: string
  /** The dashboard's /decline-invitation page with the token that can only decline. */
  declineLink: string
  expiresAt: Date
}

const ROLE_NAMES: Record<MemberRole, string> = {
  owner: "an owner",
  admin: "an admin",
  member: "a member",
}

/** What each role may do, in a line, so the invitee knows what they are agreeing to. */
const ROLE_CAN: Record<MemberRole, string> = {
  owner: "Owners can do everything, including making other owners.",
  admin: "Admins invite members, manage languages and style, see every API key and buy credits.",
  member:
    "Members use the Playground, translation memory and their own API keys, and read Settings.",
}

/** "December 3, 2026 at 3:00 PM UTC": an invitee may be anywhere, so the time says its zone. */
export const invitationExpiryText = (date: Date) =>
  `${date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`

/**
 * The invitation into a company: who invites, into which company, as what; accept (sets a
 * password and joins), decline, or ignore — the address stays free either way — and when the
 * link expires. Only the link accepts: no screen takes a typed code, so none is sent.
 */
export function invitationEmail(input: InvitationEmailInput): MailMessage {
  const company = input.companyName?.trim() || "a company"
  const role = ROLE_NAMES[input.role]
  const who = input.inviter ? input.inviter : "The Nativ operator"
  const subject = `${who} invited you to join ${company} on Nativ as ${role}`
  const intro = `${who} invited you to join ${company} on Nativ as ${role}. ${ROLE_CAN[input.role]} Accept the invitation to set your password and join.`
  const expiry = `This invitation expires on ${invitationExpiryText(input.expiresAt)}. It is valid for 7 days; after that, ask ${input.inviter ?? "whoever invited you"} to send it again.`
  const decline =
    "Not for you? Decline the invitation. Until you accept, it does not tie your address to this company: you can also sign up for your own Nativ account."
  const text = [
    intro,
    "",
    `Accept the invitation: ${input.link}`,
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
<p>${escapeHtml(expiry)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(decline)} <a href="${escapeHtml(input.declineLink)}">Decline the invitation</a></p>
</body></html>`
  return { to: input.to, subject, text, html }
}
