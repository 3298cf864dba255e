import type { MailMessage } from "./mailer"

export type AuthEmailKind = "signup" | "invite" | "recovery" | "magiclink"

type TemplateInput = { to: string; link: string; code: string }

type Template = { subject: string; intro: string; action: string; outro: string }

const templates: Record<AuthEmailKind, Template> = {
  signup: {
    subject: "Confirm your Nativ account",
    intro: "Thanks for signing up for Nativ. Confirm your email address to activate your account.",
    action: "Confirm my email",
    outro: "If you did not sign up for Nativ, you can ignore this email.",
  },
  invite: {
    subject: "You have been invited to Nativ",
    intro:
      "You have been invited to create a Nativ account. Accept the invitation to set your password.",
    action: "Accept the invitation",
    outro: "If you were not expecting this invitation, you can ignore this email.",
  },
  recovery: {
    subject: "Reset your Nativ password",
    intro: "We received a request to reset the password of your Nativ account.",
    action: "Reset my password",
    outro: "If you did not ask to reset your password, you can ignore this email.",
  },
  magiclink: {
    subject: "Your Nativ sign-in link",
    intro: "Use this link to sign in to Nativ.",
    action: "Sign in to Nativ",
    outro: "If you did not ask for a sign-in link, you can ignore this email.",
  },
}

/** Plain text and simple HTML for each auth email; the link and code are the only variables. */
export function authEmail(kind: AuthEmailKind, { to, link, code }: TemplateInput): MailMessage {
  const t = templates[kind]
  const text = [
    t.intro,
    "",
    `${t.action}: ${link}`,
    "",
    `Or enter this code: ${code}`,
    "",
    t.outro,
    "",
    "— Nativ",
  ].join("\n")
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>
<p style="color:#555;font-size:13px">${escapeHtml(t.outro)}</p>
</body></html>`
  return { to, subject: t.subject, text, html }
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;")
}
