import { z } from "zod"

/**
 * Webhooks: endpoints a company registers to hear of events, signed as the Standard Webhooks
 * specification says. Owners and admins manage them (/api/v1/webhooks) and see their deliveries.
 */

/** Every event an endpoint can subscribe to, in the order the dashboard lists them. */
export const WEBHOOK_EVENTS = [
  "credits.low",
  "credits.purchased",
  "key.cap_reached",
  "job.completed",
  "member.joined",
  "member.removed",
  "ping",
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What each event means, for the dashboard's checkboxes and the OpenAPI document. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "credits.low": "The credit balance fell below the low-balance alert threshold",
  "credits.purchased": "A credit purchase was paid and the credits added",
  "key.cap_reached": "An API key reached its monthly credit cap",
  "job.completed": "An i18n file job finished",
  "member.joined": "Someone accepted an invitation and joined the company",
  "member.removed": "A member was removed from the company",
  ping: "A test event, sent by Send test",
}

export const WEBHOOK_DESCRIPTION_MAX = 200
export const WEBHOOK_URL_MAX = 2000

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, {
  error: `Unknown event. Events are: ${WEBHOOK_EVENTS.join(", ")}.`,
})

const urlField = z
  .string({ error: "url is required" })
  .trim()
  .min(1, { error: "url is required" })
  .max(WEBHOOK_URL_MAX, { error: `The URL may be at most ${WEBHOOK_URL_MAX} characters` })
const eventsField = z
  .array(webhookEventSchema, { error: "events must be a list of event names" })
  .min(1, { error: "Choose at least one event" })
const descriptionField = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, {
    error: `The description may be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  })

export const createWebhookInputSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField.optional(),
})
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>

export const updateWebhookInputSchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: descriptionField.optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: "Nothing to change: send url, events, description or enabled",
  })
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the endpoint is off when the server turned it off (failing for 3 days); null otherwise. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
})
export type Webhook = z.infer<typeof webhookSchema>

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) })
export type WebhookList = z.infer<typeof webhookListSchema>

export const createdWebhookSchema = webhookSchema.extend({
  secret: z
    .string()
    .describe("The signing secret (`whsec_…`). Returned only once, when the endpoint is created."),
})
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt of this delivery (receivers dedupe on it). */
  message_id: z.string(),
  event: webhookEventSchema,
  /** pending (waiting for its first or next attempt), succeeded (a 2xx), failed (gave up). */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when none answered (timeout, refused, not tried yet). */
  response_status: z.number().int().nullable(),
  /** The first 1,000 characters of the last answer's body, or the network error. */
  response_body: z.string().nullable(),
  /** The last attempt's duration in milliseconds. */
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) })
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>
