import type { OpenAPIHono } from "@hono/zod-openapi"
import { createRoute, z } from "@hono/zod-openapi"
import { connectedAppListSchema } from "@nativ/contracts"
import { ROLE_CAN } from "@nativ/contracts/roles"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv, Principal } from "../authenticate"
import { errorResponse } from "../openapi-parts"
import { sessionAuth } from "../security"
import {
  deleteGrant,
  findConnectedApp,
  type GrantScope,
  listConnectedApps,
} from "./connected-apps.repo"

const listRoute = createRoute({
  method: "get",
  path: "/connected-apps",
  tags: ["Connected apps"],
  summary: "List the apps connected through Connect (OAuth)",
  description:
    "Every approval of an app: the whole company's for owners and admins, a member's own for members. Each names the app, who approved it, the scopes, and when it was approved and last used.",
  security: sessionAuth,
  responses: {
    200: {
      description: "Approvals, newest first",
      content: { "application/json": { schema: connectedAppListSchema } },
    },
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse("Called with an API key or an app's token"),
  },
})

const revokeRoute = createRoute({
  method: "delete",
  path: "/connected-apps/{id}",
  tags: ["Connected apps"],
  summary: "Disconnect an app",
  description:
    "Ends the approval and every token issued under it: the app's next request is refused with 401. Owners and admins may disconnect any member's app; members their own.",
  security: sessionAuth,
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: {
    204: { description: "Disconnected" },
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse("Called with an API key or an app's token"),
    404: errorResponse("No such approval visible to the caller"),
  },
})

const scopeOf = (principal: Principal): GrantScope => ({
  companyId: principal.companyId,
  memberId: ROLE_CAN.seeAllConnectedApps(principal.role) ? null : principal.memberId,
})

/** Settings → Connected apps: the company's app approvals, and disconnecting one. */
export function connectedAppsRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(listRoute, async (c) =>
    c.json({ connected_apps: await listConnectedApps(db, scopeOf(c.var.principal)) }, 200),
  )

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param")
    const { principal } = c.var
    await db.transaction().execute(async (trx) => {
      const found = await findConnectedApp(trx, scopeOf(principal), id)
      if (!found) throw new ApiError(404, "not_found", "No such connected app.")
      await deleteGrant(trx, id)
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "connected_app.revoked",
        target: found.name,
        details: { client_id: found.client_id, member_email: found.approved_by?.email ?? null },
      })
    })
    return c.body(null, 204)
  })
}
