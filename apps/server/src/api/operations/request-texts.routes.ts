import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  canChangeRequestTexts,
  REQUEST_TEXTS_DAYS,
  requestTextsSettingSchema,
  updateRequestTextsSettingSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth, sessionAuth } from "../security"
import { readKeepRequestTexts, writeKeepRequestTexts } from "./request-texts.repo"

const TAGS = ["Operations"]
const PATH = "/settings/request-texts"

const readRoute = createRoute({
  method: "get",
  path: PATH,
  tags: TAGS,
  summary: `Whether the texts of requests are kept for ${REQUEST_TEXTS_DAYS} days`,
  description: `Off by default. When on, the texts sent and returned by new text requests are kept with their operation (GET /operations/{id}) for ${REQUEST_TEXTS_DAYS} days, then deleted; images' texts are never kept.`,
  security: bearerAuth,
  responses: {
    200: jsonResponse("The company's choice", requestTextsSettingSchema),
    401: errorResponse("Missing or invalid credentials"),
  },
})

const writeRoute = createRoute({
  method: "patch",
  path: PATH,
  tags: TAGS,
  summary: `Keep request texts for ${REQUEST_TEXTS_DAYS} days, or stop (owners)`,
  description:
    "Applies to requests from now on: turning it off keeps nothing new, and texts already kept stay until their 30 days end. A signed-in session only.",
  security: sessionAuth,
  request: { body: jsonBody(updateRequestTextsSettingSchema) },
  responses: {
    200: jsonResponse("The choice as saved", requestTextsSettingSchema),
    400: errorResponse("enabled is not true or false"),
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse("Only owners may change it; API keys may not"),
  },
})

/** Settings → General: whether request texts are kept (off by default, owners decide). */
export function requestTextsRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(readRoute, async (c) => {
    const enabled = await readKeepRequestTexts(db, c.var.principal.companyId)
    return c.json({ enabled, days: REQUEST_TEXTS_DAYS }, 200)
  })
  app.openapi(writeRoute, async (c) => {
    const { principal } = c.var
    if (!canChangeRequestTexts(principal.role))
      throw new ApiError(
        403,
        "forbidden",
        "Only owners can choose whether request texts are kept. Ask an owner of your company.",
      )
    const { enabled } = c.req.valid("json")
    await db.transaction().execute(async (trx) => {
      const { before } = await writeKeepRequestTexts(trx, principal.companyId, enabled)
      if (before !== enabled)
        await recordAuditEvent(trx, {
          companyId: principal.companyId,
          actorId: principal.authUserId,
          action: "settings.request_texts_changed",
          target: null,
          details: { enabled },
        })
    })
    return c.json({ enabled, days: REQUEST_TEXTS_DAYS }, 200)
  })
}
