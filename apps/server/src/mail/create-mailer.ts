import type { AppDeps } from "../deps"
import type { Mailer } from "./mailer"
import { outboxTransport } from "./outbox"
import { smtpTransport } from "./smtp"

/** Picks the transport from MAIL_TRANSPORT: the database outbox (embedded default) or SMTP. */
export function createMailer(deps: Pick<AppDeps, "env" | "logger" | "database">): Mailer {
  const { env, logger } = deps
  if (env.MAIL_TRANSPORT === "smtp") {
    if (!env.SMTP_URL) throw new Error("SMTP_URL is required when MAIL_TRANSPORT=smtp")
    return smtpTransport(env.SMTP_URL, env.MAIL_FROM, logger)
  }
  return outboxTransport(deps.database.db, logger)
}
