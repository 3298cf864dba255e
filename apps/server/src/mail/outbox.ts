import { sql } from "kysely"

import type { Db } from "../db/schema"
import type { Logger } from "../logger"
import type { Mailer } from "./mailer"

export type OutboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string
  created_at: string
}

/**
 * The embedded transport: every message is stored in nativ.mail_outbox and shown at /_mail, so a
 * local user can follow a confirmation link without a mail server. Only its address and subject
 * are logged: its links carry sign-in tokens, and logs travel further than the database.
 */
export function outboxTransport(db: Db, logger: Logger): Mailer {
  return {
    async send(message) {
      await sql`insert into nativ.mail_outbox (to_address, subject, text_body, html_body)
        values (${message.to}, ${message.subject}, ${message.text}, ${message.html})`.execute(db)
      logger.info({ to: message.to, subject: message.subject }, "mail stored in the outbox")
    },
  }
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
