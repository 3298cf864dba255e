import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import { apiErrorSchema, languageListSchema } from "@nativ/contracts"
import { sql } from "kysely"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { bearerAuth } from "../security"

const listRoute = createRoute({
  method: "get",
  path: "/user/languages",
  tags: ["Languages"],
  summary: "The account's target languages",
  description:
    "The languages managed on the dashboard's Settings page, in the order they were added (by name within one batch).",
  security: bearerAuth,
  responses: {
    200: {
      description: "The account's languages",
      content: { "application/json": { schema: languageListSchema } },
    },
    401: {
      description: "Missing or invalid credentials",
      content: { "application/json": { schema: apiErrorSchema } },
    },
  },
})

export function languagesRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi(listRoute, async (c) => {
    const { rows } = await sql<{ id: string | number; language: string; language_code: string }>`
      select id, language, language_code from public.user_languages_mapping
      where user_id = ${c.var.principal.companyId}
      order by created_at, language, id
    `.execute(deps.database.db)
    return c.json({ languages: rows.map((r) => ({ ...r, id: String(r.id) })) }, 200)
  })
}
