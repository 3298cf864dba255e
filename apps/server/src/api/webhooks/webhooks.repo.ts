import type { Webhook, WebhookDelivery, WebhookEvent } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { isUuid } from "../../db/uuid"

type WebhookRow = {
  id: string
  url: string
  events: WebhookEvent[]
  description: string
  enabled: boolean
  disabled_reason: string | null
  created_at: Date
}

type DeliveryRow = {
  id: string
  message_id: string
  event: WebhookEvent
  status: WebhookDelivery["status"]
  attempts: number
  response_status: number | null
  response_body: string | null
  duration_ms: number | null
  created_at: Date
  last_attempt_at: Date | null
  next_attempt_at: Date | null
  payload: Record<string, unknown>
}

const WEBHOOK_COLUMNS = sql`id, url, events, description, enabled, disabled_reason, created_at`
const DELIVERY_COLUMNS = sql`id::text as id, message_id, event, status, attempts, response_status,
  response_body, duration_ms, created_at, last_attempt_at, next_attempt_at, payload`
/** Delivery ids are bigints; anything else names no delivery (and would fail the cast). */
const isDeliveryId = (value: string) => /^[1-9][0-9]{0,17}$/.test(value)
const textArray = (values: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
  }
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    ...row,
    response_status: row.response_status,
    created_at: row.created_at.toISOString(),
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  }
}

export async function listWebhooks(db: Db, companyId: string) {
  const { rows } = await sql<WebhookRow>`select ${WEBHOOK_COLUMNS} from nativ.webhook_endpoints
    where company_id = ${companyId} order by created_at, id`.execute(db)
  return rows.map(toWebhook)
}

export async function findWebhook(db: Db, companyId: string, id: string) {
  if (!isUuid(id)) return null
  const { rows } = await sql<WebhookRow>`select ${WEBHOOK_COLUMNS} from nativ.webhook_endpoints
    where company_id = ${companyId} and id = ${id}`.execute(db)
  return rows[0] ? toWebhook(rows[0]) : null
}

export type NewWebhook = {
  companyId: string
  url: string
  events: WebhookEvent[]
  description: string
  secret: string
  createdBy: string | null
}

export async function insertWebhook(db: Db, input: NewWebhook) {
  const { rows } = await sql<WebhookRow>`
    insert into nativ.webhook_endpoints (company_id, url, events, description, secret, created_by)
    values (${input.companyId}, ${input.url}, ${textArray(input.events)}, ${input.description},
      ${input.secret}, ${input.createdBy})
    returning ${WEBHOOK_COLUMNS}`.execute(db)
  return toWebhook(rows[0]!)
}

export type WebhookChanges = {
  url?: string
  events?: WebhookEvent[]
  description?: string
  enabled?: boolean
}

/**
 * Applies the changes; turning an endpoint on clears why it was off and its failure streak (its
 * waiting deliveries then go, in order). Null when the company has no such endpoint.
 */
export async function updateWebhook(
  db: Db,
  companyId: string,
  id: string,
  changes: WebhookChanges,
) {
  if (!isUuid(id)) return null
  const { rows } = await sql<WebhookRow>`
    update nativ.webhook_endpoints set
      url = coalesce(${changes.url ?? null}, url),
      events = ${changes.events ? textArray(changes.events) : sql`events`},
      description = coalesce(${changes.description ?? null}, description),
      enabled = coalesce(${changes.enabled ?? null}::boolean, enabled),
      disabled_reason = case when ${changes.enabled ?? null}::boolean is null then disabled_reason
        else null end,
      failing_since = case when ${changes.enabled ?? null}::boolean then null else failing_since end
    where company_id = ${companyId} and id = ${id}
    returning ${WEBHOOK_COLUMNS}`.execute(db)
  return rows[0] ? toWebhook(rows[0]) : null
}

export async function deleteWebhook(db: Db, companyId: string, id: string) {
  if (!isUuid(id)) return null
  const { rows } = await sql<{ url: string }>`delete from nativ.webhook_endpoints
    where company_id = ${companyId} and id = ${id} returning url`.execute(db)
  return rows[0] ?? null
}

export const DELIVERIES_PAGE = 50

/** The endpoint's newest deliveries first. */
export async function listDeliveries(db: Db, endpointId: string, limit = DELIVERIES_PAGE) {
  // d.id, not the text column of the same name the select list makes.
  const { rows } = await sql<DeliveryRow>`select ${DELIVERY_COLUMNS}
    from nativ.webhook_deliveries d
    where d.endpoint_id = ${endpointId} order by d.id desc limit ${limit}`.execute(db)
  return rows.map(toDelivery)
}

/** Queues a `ping` to this endpoint alone (Send test), due at `now`. */
export async function queuePing(db: Db, companyId: string, endpointId: string, now: Date) {
  const { rows } = await sql<DeliveryRow>`
    insert into nativ.webhook_deliveries (endpoint_id, company_id, event, payload, next_attempt_at)
    values (${endpointId}, ${companyId}, 'ping',
      nativ.webhook_payload('ping', jsonb_build_object('webhook_id', ${endpointId}::text)), ${now})
    returning ${DELIVERY_COLUMNS}`.execute(db)
  return toDelivery(rows[0]!)
}

/**
 * Queues a delivery again, with its message id (receivers that dedupe on it see a repeat), due at
 * `now`. One in flight is left to finish. Null when the endpoint has no such delivery.
 */
export async function resendDelivery(db: Db, endpointId: string, deliveryId: string, now: Date) {
  if (!isDeliveryId(deliveryId)) return null
  const { rows } = await sql<DeliveryRow>`
    update nativ.webhook_deliveries set status = 'pending', completed_at = null,
      next_attempt_at = case when status = 'pending' then least(next_attempt_at, ${now}) else ${now} end
    where endpoint_id = ${endpointId} and id = ${deliveryId}::bigint
    returning ${DELIVERY_COLUMNS}`.execute(db)
  return rows[0] ? toDelivery(rows[0]) : null
}
