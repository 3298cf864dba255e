import type { AppDeps } from "../deps"
import type { MailMessage } from "./mailer"
import { escapeHtml } from "./templates"

export type SecurityEvent =
  | { kind: "password_changed" }
  | { kind: "two_factor_enabled" }
  | { kind: "two_factor_disabled" }
  | { kind: "recovery_code_used"; remaining: number }

export type SecurityEmailInput = {
  to: string
  event: SecurityEvent
  at: Date
  /** The dashboard's address: the "not you?" advice links to its password reset. */
  siteUrl: string
}

/** "December 3, 2026 at 3:00 PM UTC": the reader may be anywhere, so the time says its zone. */
const whenText = (date: Date) =>
  `${date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`

const codesLeft = (n: number) =>
  n === 1 ? "1 recovery code is left" : `${n} recovery codes are left`

function wording(event: SecurityEvent): { subject: string; what: string; extra?: string } {
  switch (event.kind) {
    case "password_changed":
      return {
        subject: "Your Nativ password was changed",
        what: "The password of your Nativ account was changed",
        extra: "Your other devices were signed out.",
      }
    case "two_factor_enabled":
      return {
        subject: "Two-factor authentication is on for your Nativ account",
        what: "Two-factor authentication was turned on for your Nativ account",
        extra: "Each sign-in now asks for a code from your authenticator app.",
      }
    case "two_factor_disabled":
      return {
        subject: "Two-factor authentication is off for your Nativ account",
        what: "Two-factor authentication was turned off for your Nativ account",
        extra: "Signing in now needs only your password.",
      }
    case "recovery_code_used":
      return {
        subject: "A recovery code was used to sign in to Nativ",
        what: "A two-factor recovery code was used to sign in to your Nativ account",
        extra: `Each code works once: ${codesLeft(event.remaining)}. You can get new codes in Settings → Security.`,
      }
  }
}

/**
 * An email telling the account's owner that something about its security changed: what, when,
 * and what to do if it was not them (reset the password, which signs every other device out).
 */
export function securityEmail(input: SecurityEmailInput): MailMessage {
  const { subject, what, extra } = wording(input.event)
  const happened = `${what} on ${whenText(input.at)}.`
  const resetLink = `${input.siteUrl.replace(/\/$/, "")}/forgot-password`
  const notYou =
    "If this was not you, reset your password now: it signs out every device. Then check Settings → Security and tell your company's owner."
  const text = [
    happened,
    ...(extra ? ["", extra] : []),
    "",
    notYou,
    `Reset your password: ${resetLink}`,
    "",
    "If it was you, there is nothing to do.",
    "",
    "— Nativ",
  ].join("\n")
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(happened)}</p>
${extra ? `<p>${escapeHtml(extra)}</p>` : ""}
<p>${escapeHtml(notYou)}</p>
<p><a href="${escapeHtml(resetLink)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Reset your password</a></p>
<p style="color:#555;font-size:13px">If it was you, there is nothing to do.</p>
</body></html>`
  return { to: input.to, subject, text, html }
}

/**
 * Sends a security email after the change committed. A mail failure is logged, not thrown: the
 * change has happened, and the person who made it should not be told it failed.
 */
export async function sendSecurityEmail(
  deps: Pick<AppDeps, "mailer" | "logger" | "env" | "clock">,
  to: string | null | undefined,
  event: SecurityEvent,
): Promise<void> {
  if (!to) return
  try {
    await deps.mailer.send(
      securityEmail({ to, event, at: deps.clock(), siteUrl: deps.env.SITE_URL }),
    )
  } catch (err) {
    deps.logger.error({ err, kind: event.kind }, "security email failed")
  }
}
