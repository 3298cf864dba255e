import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  operationDetailSchema,
  operationIdParamsSchema,
  operationListSchema,
  operationsQuerySchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { readOperationDetail } from "./operation-detail.repo"
import { operationsCsvStream } from "./operations-export"
import {
  countOperations,
  dayBounds,
  listOperations,
  type OperationsFilter,
} from "./operations.repo"
import { requestTextsRoutes } from "./request-texts.routes"

const list = createRoute({
  method: "get",
  path: "/operations",
  tags: ["Operations"],
  summary: "The company's operations, filtered, as a page of JSON or the whole result as CSV",
  description:
    "Every member's operations (made on the dashboard or with any API key), newest first. " +
    "Days are counted in `time_zone`. `format=csv` streams every matching operation (header " +
    "id,created_at,action,language,tool,credits,api_key,member; dates ISO 8601 in UTC; cells " +
    "that would run as spreadsheet formulas are prefixed with a quote); page and per_page apply " +
    "to JSON only.",
  security: bearerAuth,
  request: { query: operationsQuerySchema },
  responses: {
    200: {
      description: "The page, or the CSV file",
      content: {
        "application/json": { schema: operationListSchema },
        "text/csv": { schema: z.string() },
      },
    },
    400: errorResponse("Invalid filter (the message names the parameter)"),
    401: errorResponse("Missing or invalid credentials"),
  },
})

const detail = createRoute({
  method: "get",
  path: "/operations/{id}",
  tags: ["Operations"],
  summary: "One operation with its detail: characters, engine and model, duration, texts if kept",
  description:
    "Details unknown for an operation (recorded before they were, or not measured for its kind) are null. `texts` are returned only when the company keeps request texts (GET /settings/request-texts) and for 30 days.",
  security: bearerAuth,
  request: { params: operationIdParamsSchema },
  responses: {
    200: jsonResponse("The operation", operationDetailSchema),
    400: errorResponse("The id is not an operation id"),
    401: errorResponse("Missing or invalid credentials"),
    404: errorResponse("No such operation in your company"),
  },
})

/** Operations, for finance as much as for support: filter by day, language, tool, key, member. */
export function operationsRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(list, async (c) => {
    const query = c.req.valid("query")
    const timeZone = query.time_zone ?? "UTC"
    const bounds = await dayBounds(db, query.from, query.to, timeZone).catch((error: unknown) => {
      // The runtime's and PostgreSQL's zone lists can differ; the database has the last word.
      if ((error as { code?: string }).code === "22023")
        throw new ApiError(400, "invalid_request", `time_zone: unknown time zone "${timeZone}"`)
      throw error
    })
    const filter: OperationsFilter = {
      companyId: c.var.principal.companyId,
      ...bounds,
      language: query.language,
      tool: query.tool,
      apiKeyId: query.api_key_id,
      memberEmail: query.member,
    }
    if (query.format === "csv") {
      const name = `nativ-operations-${query.from ?? "start"}-${query.to ?? "today"}.csv`
      return c.body(operationsCsvStream(db, filter, deps.logger), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      }) as never
    }
    const [total, operations] = await Promise.all([
      countOperations(db, filter),
      listOperations(db, filter, query.page, query.per_page),
    ])
    return c.json({ operations, total, page: query.page, per_page: query.per_page }, 200)
  })
  app.openapi(detail, async (c) => {
    const { id } = c.req.valid("param")
    const found = await readOperationDetail(db, c.var.principal.companyId, id, deps.clock())
    if (!found) throw new ApiError(404, "not_found", `No operation ${id} in your company.`)
    return c.json(found, 200)
  })
  requestTextsRoutes(deps, app)
}
