import { sql } from "kysely"

import type { Db } from "../db/schema"

/**
 * Turns off an endpoint whose deliveries have failed without a success for 3 days, and queues one
 * email per owner of its company (nativ.email_outbox, kind webhook_disabled) in the same
 * transaction, so the endpoint is never off without its owners being told. Its pending deliveries
 * stay queued and go again, in order, if someone turns it back on.
 */
export async function disableFailingEndpoint(trx: Db, endpointId: string, failingSince: Date) {
  const reason = `Turned off after failing for 3 days (since ${failingSince.toISOString()}). Fix the endpoint, then turn it back on.`
  const { rows } = await sql<{ company_id: string; url: string }>`
    update nativ.webhook_endpoints set enabled = false, disabled_reason = ${reason}
    where id = ${endpointId} and enabled returning company_id, url`.execute(trx)
  const endpoint = rows[0]
  if (!endpoint) return
  await sql`insert into nativ.email_outbox (kind, company_id, to_address, payload)
    select 'webhook_disabled', u.id, e.email,
      jsonb_build_object('company_name', u.name, 'url', ${endpoint.url}::text,
        'failing_since', ${failingSince.toISOString()}::text)
    from public.users u join public.end_users e on e.user_id = u.id
    where u.id = ${endpoint.company_id} and e.role = 'owner' and e.joined_at is not null`.execute(
    trx,
  )
}
