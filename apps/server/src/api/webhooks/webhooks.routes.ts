import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  createdWebhookSchema,
  createWebhookInputSchema,
  ROLE_CAN,
  updateWebhookInputSchema,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { webhookUrlProblem } from "../../webhooks/address-policy"
import { newWebhookSecret } from "../../webhooks/sign"
import { ApiError } from "../api-error"
import type { ApiEnv, Principal } from "../authenticate"
import { errorResponse, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  queuePing,
  resendDelivery,
  updateWebhook,
} from "./webhooks.repo"

const TAG = "Webhooks"
const idParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The endpoint's id" }),
})
const deliveryParams = idParams.extend({
  delivery_id: z
    .string()
    .openapi({ param: { name: "delivery_id", in: "path" }, description: "The delivery's id" }),
})
const unauthorized = errorResponse("Missing or invalid credentials")
const forbidden = errorResponse("Only owners and admins manage webhooks")
const notFound = errorResponse("No such endpoint (or delivery) in your company")
const eventList = WEBHOOK_EVENTS.map((e) => `\`${e}\` (${WEBHOOK_EVENT_DESCRIPTIONS[e]})`).join(
  ", ",
)
const urlRules =
  "In production the URL must be `https://` and reach a public address: hosts that are or resolve to private, loopback, link-local, unique-local, carrier-grade NAT or unspecified addresses (IPv4 or IPv6) are refused."

const listRoute = createRoute({
  method: "get",
  path: "/webhooks",
  tags: [TAG],
  summary: "The company's webhook endpoints (owners and admins)",
  description:
    "Oldest first. The signing secret is never returned here. Members (not owners or admins) are refused with 403.",
  security: bearerAuth,
  responses: {
    200: jsonResponse("The endpoints", webhookListSchema),
    401: unauthorized,
    403: forbidden,
  },
})

const createRouteDef = createRoute({
  method: "post",
  path: "/webhooks",
  tags: [TAG],
  summary: "Register an endpoint; its signing secret is returned once",
  description: `Events: ${eventList}. Deliveries are signed as the Standard Webhooks specification says (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256>\`) with the \`whsec_…\` secret in this answer, which is never shown again. ${urlRules}`,
  security: bearerAuth,
  request: { body: jsonBody(createWebhookInputSchema) },
  responses: {
    201: jsonResponse("The endpoint, with its secret", createdWebhookSchema),
    400: errorResponse("Invalid URL, events or description; or a URL that is not allowed"),
    401: unauthorized,
    403: forbidden,
  },
})

const getRoute = createRoute({
  method: "get",
  path: "/webhooks/{id}",
  tags: [TAG],
  summary: "One endpoint (without its secret)",
  description:
    "`enabled` is false when someone turned the endpoint off or the server did after 3 days of failures (then `disabled_reason` says so).",
  security: bearerAuth,
  request: { params: idParams },
  responses: {
    200: jsonResponse("The endpoint", webhookSchema),
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
})

const updateRouteDef = createRoute({
  method: "patch",
  path: "/webhooks/{id}",
  tags: [TAG],
  summary: "Change an endpoint's URL, events, description, or turn it on or off",
  description: `Turning an endpoint on clears \`disabled_reason\`; deliveries that waited while it was off are then sent, in order. ${urlRules}`,
  security: bearerAuth,
  request: { params: idParams, body: jsonBody(updateWebhookInputSchema) },
  responses: {
    200: jsonResponse("The endpoint as changed", webhookSchema),
    400: errorResponse("Invalid URL, events or description; or a URL that is not allowed"),
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
})

const deleteRouteDef = createRoute({
  method: "delete",
  path: "/webhooks/{id}",
  tags: [TAG],
  summary: "Delete an endpoint and its deliveries",
  description:
    "Deliveries still pending for it are dropped; its secret stops being used at once. Recorded in the activity log.",
  security: bearerAuth,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, 401: unauthorized, 403: forbidden, 404: notFound },
})

const testRoute = createRoute({
  method: "post",
  path: "/webhooks/{id}/test",
  tags: [TAG],
  summary: "Send a `ping` event to the endpoint",
  description:
    "Queues a `ping` (whether or not the endpoint subscribes to it); it is sent within seconds, after any delivery still waiting for this endpoint (one at a time, in order), or when the endpoint is turned back on if it is off. Watch it in the deliveries.",
  security: bearerAuth,
  request: { params: idParams },
  responses: {
    202: jsonResponse("The queued delivery", webhookDeliverySchema),
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
})

const deliveriesRoute = createRoute({
  method: "get",
  path: "/webhooks/{id}/deliveries",
  tags: [TAG],
  summary: "The endpoint's latest 50 deliveries, newest first",
  description:
    "Each with its status (pending, succeeded, failed), attempts, and the last attempt's response code, body (first 1,000 characters) and duration. A failed attempt is retried after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 72 hours after the event.",
  security: bearerAuth,
  request: { params: idParams },
  responses: {
    200: jsonResponse("The deliveries", webhookDeliveryListSchema),
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
})

const resendRoute = createRoute({
  method: "post",
  path: "/webhooks/{id}/deliveries/{delivery_id}/resend",
  tags: [TAG],
  summary: "Send a delivery again, with the same message id",
  description:
    "The delivery goes back to pending and is sent again under its original `webhook-id` (receivers that dedupe on it treat it as a repeat).",
  security: bearerAuth,
  request: { params: deliveryParams },
  responses: {
    202: jsonResponse("The queued delivery", webhookDeliverySchema),
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
})

const endpointNotFound = () => new ApiError(404, "not_found", "Webhook endpoint not found.")

function requireManager(principal: Principal) {
  if (!ROLE_CAN.manageWebhooks(principal.role))
    throw new ApiError(403, "forbidden", "Only owners and admins can manage webhooks.")
}

/**
 * /api/v1/webhooks: a company's endpoints and their deliveries, owners and admins. Events are queued
 * by the database (supabase/migrations/20260109000000_webhooks.sql) and sent by
 * apps/server/src/webhooks/webhook-worker.ts; create, change and delete are recorded in the
 * activity log with the change.
 */
export function webhooksRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  const production = deps.env.NODE_ENV === "production"
  const checkUrl = async (url: string) => {
    const problem = await webhookUrlProblem(url, { production })
    if (problem) throw new ApiError(400, "invalid_request", problem)
  }
  const ownEndpoint = async (principal: Principal, id: string) => {
    const endpoint = await findWebhook(db, principal.companyId, id)
    if (!endpoint) throw endpointNotFound()
    return endpoint
  }

  app.openapi(listRoute, async (c) => {
    requireManager(c.var.principal)
    return c.json({ webhooks: await listWebhooks(db, c.var.principal.companyId) }, 200)
  })

  app.openapi(createRouteDef, async (c) => {
    const { principal } = c.var
    requireManager(principal)
    const input = c.req.valid("json")
    await checkUrl(input.url)
    const secret = newWebhookSecret()
    const events = [...new Set(input.events)]
    const created = await db.transaction().execute(async (trx) => {
      const endpoint = await insertWebhook(trx, {
        companyId: principal.companyId,
        url: input.url,
        events,
        description: input.description ?? "",
        secret,
        createdBy: principal.memberId,
      })
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "webhook.created",
        target: endpoint.url,
        details: { events },
      })
      return endpoint
    })
    return c.json({ ...created, secret }, 201)
  })

  app.openapi(getRoute, async (c) => {
    requireManager(c.var.principal)
    return c.json(await ownEndpoint(c.var.principal, c.req.valid("param").id), 200)
  })

  app.openapi(updateRouteDef, async (c) => {
    const { principal } = c.var
    requireManager(principal)
    const { id } = c.req.valid("param")
    const changes = c.req.valid("json")
    if (changes.url !== undefined) await checkUrl(changes.url)
    const events = changes.events && [...new Set(changes.events)]
    const updated = await db.transaction().execute(async (trx) => {
      const endpoint = await updateWebhook(trx, principal.companyId, id, { ...changes, events })
      if (!endpoint) throw endpointNotFound()
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "webhook.updated",
        target: endpoint.url,
        details: { ...changes, ...(events ? { events } : {}) },
      })
      return endpoint
    })
    return c.json(updated, 200)
  })

  app.openapi(deleteRouteDef, async (c) => {
    const { principal } = c.var
    requireManager(principal)
    const { id } = c.req.valid("param")
    await db.transaction().execute(async (trx) => {
      const deleted = await deleteWebhook(trx, principal.companyId, id)
      if (!deleted) throw endpointNotFound()
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "webhook.deleted",
        target: deleted.url,
      })
    })
    return c.body(null, 204)
  })

  app.openapi(testRoute, async (c) => {
    const { principal } = c.var
    requireManager(principal)
    const endpoint = await ownEndpoint(principal, c.req.valid("param").id)
    return c.json(await queuePing(db, principal.companyId, endpoint.id, deps.clock()), 202)
  })

  app.openapi(deliveriesRoute, async (c) => {
    requireManager(c.var.principal)
    const endpoint = await ownEndpoint(c.var.principal, c.req.valid("param").id)
    return c.json({ deliveries: await listDeliveries(db, endpoint.id) }, 200)
  })

  app.openapi(resendRoute, async (c) => {
    const { principal } = c.var
    requireManager(principal)
    const { id, delivery_id } = c.req.valid("param")
    const endpoint = await ownEndpoint(principal, id)
    const delivery = await resendDelivery(db, endpoint.id, delivery_id, deps.clock())
    if (!delivery) throw new ApiError(404, "not_found", "Delivery not found.")
    return c.json(delivery, 202)
  })
}
