import { sql } from "kysely"

import type { Db } from "../db/schema"
import type { Logger } from "../logger"
import type { Mailer, MailMessage } from "./mailer"

export type OutboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string
  created_at: string
}

/**
 * The embedded transport: every message is stored in nativ.mail_outbox (shown at /_mail) and its
 * links are logged, so a local user can follow a confirmation link without a mail server.
 */
export function outboxTransport(db: Db, logger: Logger): Mailer {
  return {
    async send(message) {
      await sql`insert into nativ.mail_outbox (to_address, subject, text_body, html_body)
        values (${message.to}, ${message.subject}, ${message.text}, ${message.html})`.execute(db)
      logger.info({ to: message.to, subject: message.subject, links: linksIn(message) }, "mail")
    },
  }
}

export function linksIn(message: Pick<MailMessage, "text">): string[] {
  return [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])]
}

/** Newest first, optionally only those sent to one address. */
export async function listOutbox(
  db: Db,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const { rows } = await sql<OutboxMessage & { created_at: Date }>`
    select id, to_address as "to", subject, text_body as text, html_body as html, created_at
    from nativ.mail_outbox
    where ${options.to ? sql`lower(to_address) = lower(${options.to})` : sql`true`}
    order by created_at desc, id desc
    limit ${options.limit ?? 100}`.execute(db)
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }))
}
