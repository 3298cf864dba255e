import nodemailer from "nodemailer"

import type { Logger } from "../logger"
import type { Mailer } from "./mailer"

/** Delivers through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        "mail sent",
      )
    },
  }
}
