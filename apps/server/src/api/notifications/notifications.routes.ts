import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  notificationSettingsSchema,
  ROLE_CAN,
  updateNotificationSettingsSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv, Principal } from "../authenticate"
import { errorResponse, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth, sessionAuth } from "../security"
import { readNotificationSettings, writeLowBalanceThreshold } from "./notifications.repo"

const TAGS = ["Notifications"]

const readRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: TAGS,
  summary: "The low-balance alert: threshold, balance, and whether the balance is below it",
  security: bearerAuth,
  responses: {
    200: jsonResponse("The company's alert settings", notificationSettingsSchema),
    401: errorResponse("Missing or invalid credentials"),
  },
})

const writeRoute = (method: "put" | "patch") =>
  createRoute({
    method,
    path: "/notifications",
    tags: TAGS,
    summary: "Set or turn off the low-balance alert (owners and admins)",
    description:
      "When a debit takes the balance from at or above `low_balance_threshold` to below it, the company's owners get one email; the next one only after the balance has been back at or above it. Changing the threshold sends nothing. `null` turns the alert off. A signed-in session only.",
    security: sessionAuth,
    request: { body: jsonBody(updateNotificationSettingsSchema) },
    responses: {
      200: jsonResponse("The settings as saved", notificationSettingsSchema),
      400: errorResponse("low_balance_threshold is not a whole number from 1 to 1,000,000,000"),
      401: errorResponse("Missing or invalid credentials"),
      403: errorResponse("Members may read the alert but not change it; API keys may not"),
    },
  })

function requireManager(principal: Principal) {
  if (!ROLE_CAN.manageNotifications(principal.role))
    throw new ApiError(
      403,
      "forbidden",
      "Only owners and admins can change the low-balance alert. Ask an owner or admin of your company.",
    )
}

/** Settings → Notifications: the company's low-balance alert. */
export function notificationsRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(readRoute, async (c) =>
    c.json(await readNotificationSettings(db, c.var.principal.companyId), 200),
  )
  for (const method of ["put", "patch"] as const) {
    app.openapi(writeRoute(method), async (c) => {
      const { principal } = c.var
      requireManager(principal)
      const threshold = c.req.valid("json").low_balance_threshold
      const saved = await db.transaction().execute(async (trx) => {
        const change = await writeLowBalanceThreshold(trx, principal.companyId, threshold)
        if (change.before.low_balance_threshold !== threshold)
          await recordAuditEvent(trx, {
            companyId: principal.companyId,
            actorId: principal.authUserId,
            action: "low_balance_alert.changed",
            target: null,
            details: { threshold, previous: change.before.low_balance_threshold },
          })
        return change.after
      })
      return c.json(saved, 200)
    })
  }
}
