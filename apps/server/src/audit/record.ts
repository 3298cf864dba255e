import type { AuditAction } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../db/schema"

export type AuditEventInput = {
  companyId: string
  /** The acting person's auth user id; their email is looked up and kept with the event. */
  actorId: string | null
  action: AuditAction
  target: string | null
  details?: Record<string, unknown>
}

/**
 * Appends an event to the company's activity log. Pass the transaction that makes the change, so
 * the change and its record commit together or not at all.
 */
export async function recordAuditEvent(db: Db, event: AuditEventInput): Promise<void> {
  await sql`select nativ.record_audit_event(${event.companyId}::uuid, ${event.actorId}::uuid,
    ${event.action}, ${event.target}, ${JSON.stringify(event.details ?? {})}::jsonb)`.execute(db)
}
