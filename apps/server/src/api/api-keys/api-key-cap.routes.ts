import type { OpenAPIHono } from "@hono/zod-openapi"
import { createRoute, z } from "@hono/zod-openapi"
import { apiKeySchema, updateApiKeyInputSchema } from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse } from "../openapi-parts"
import { sessionAuth } from "../security"
import { toApiKey, updateKeyCap } from "./api-keys.repo"
import { keyScope } from "./key-scope"

const updateRoute = createRoute({
  method: "patch",
  path: "/api-keys/{id}",
  tags: ["API keys"],
  summary: "Set or remove an API key's monthly credit cap",
  description:
    "A key that has spent its cap this calendar month (UTC) is refused with 402 `key_cap_reached` until the month ends or the cap is raised; other keys keep working. Owners and admins may change any key of the company, members their own.",
  security: sessionAuth,
  request: {
    params: z.object({ id: z.uuid({ error: "The key id must be a UUID" }) }),
    body: { required: true, content: { "application/json": { schema: updateApiKeyInputSchema } } },
  },
  responses: {
    200: {
      description: "The key with its new cap and this month's usage",
      content: { "application/json": { schema: apiKeySchema } },
    },
    400: errorResponse("Invalid monthly_credit_cap or key id"),
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse(
      "Called with an API key, or two-factor authentication is on and the session is not verified (aal2)",
    ),
    404: errorResponse("No such key on this account"),
  },
})

/** PATCH /api-keys/{id}: the cap is the one thing about a key that can change. */
export function apiKeyCapRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param")
    const { monthly_credit_cap: cap } = c.req.valid("json")
    const { principal } = c.var
    const key = await db.transaction().execute(async (trx) => {
      const updated = await updateKeyCap(trx, keyScope(principal), id, cap)
      if (updated === null) throw new ApiError(404, "not_found", "API key not found.")
      if (updated.previousCap !== cap)
        await recordAuditEvent(trx, {
          companyId: principal.companyId,
          actorId: principal.authUserId,
          action: "api_key.cap_changed",
          target: updated.key.name,
          details: { key_id: id, from: updated.previousCap, to: cap },
        })
      return updated.key
    })
    return c.json(toApiKey(key, deps.clock()), 200)
  })
}
