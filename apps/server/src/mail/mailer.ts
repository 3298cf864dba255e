export type MailMessage = { to: string; subject: string; text: string; html: string }

/** Sends an email: the outbox stores it for /_mail, SMTP delivers it. */
export type Mailer = {
  send(message: MailMessage): Promise<void>
}
