import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  USAGE_NO_VALUE_LABEL,
  usageBalanceSchema,
  usageQuerySchema,
  type UsageGroupBy,
  usageSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { resolveUsageRange } from "./usage-range"
import {
  type UsageGroupRow,
  usageBalance,
  usageByDay,
  usageByDimension,
  usageContext,
} from "./usage.repo"

const TAGS = ["Usage"]
const unauthorized = errorResponse("Missing or invalid credentials")

const usageRoute = createRoute({
  method: "get",
  path: "/usage",
  tags: TAGS,
  summary: "Operations and credits over a range of days, in total and grouped",
  description:
    "The company's operations and the credits they cost, made by any member or API key, from `from` to `to` (calendar days in `time_zone`, both included), with one row per day (days with operations, oldest first) or per language, tool, API key or member (most credits first; key '' gathers operations without one). At most 400 days per request; without `from`, all time (with `group_by=day`, still at most 400 days).",
  security: bearerAuth,
  request: { query: usageQuerySchema },
  responses: {
    200: jsonResponse("The usage", usageSchema),
    400: errorResponse("Invalid from, to, group_by or time_zone (the message names it)"),
    401: unauthorized,
  },
})

const balanceRoute = createRoute({
  method: "get",
  path: "/usage/balance",
  tags: TAGS,
  summary: "The credit balance and this month's spending",
  security: bearerAuth,
  responses: { 200: jsonResponse("The balance", usageBalanceSchema), 401: unauthorized },
})

function label(groupBy: UsageGroupBy, row: UsageGroupRow) {
  if (groupBy === "api_key" && row.key !== "") return row.name ?? "Deleted API key"
  if (groupBy !== "day" && row.key === "") return USAGE_NO_VALUE_LABEL[groupBy]
  return row.key
}

/** /api/v1/usage and /usage/balance: what the company spent, on what, and who spent it. */
export function usageRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(usageRoute, async (c) => {
    const query = c.req.valid("query")
    const { companyId } = c.var.principal
    const context = await usageContext(db, companyId, query.time_zone, deps.clock()).catch(
      (error: unknown) => {
        if ((error as { code?: string }).code === "22023")
          throw new ApiError(
            400,
            "invalid_request",
            `time_zone: unknown time zone "${query.time_zone}"; use an IANA name such as Europe/Paris or UTC.`,
          )
        throw error
      },
    )
    const range = { ...resolveUsageRange(query, context), timeZone: context.timeZone }
    const groups =
      query.group_by === "day"
        ? await usageByDay(db, companyId, range)
        : await usageByDimension(db, companyId, query.group_by, range)
    const rows = groups.map((row) => ({
      key: row.key,
      label: label(query.group_by, row),
      operations: row.operations,
      credits: row.credits,
    }))
    const total = rows.reduce(
      (sum, row) => ({
        operations: sum.operations + row.operations,
        credits: sum.credits + row.credits,
      }),
      { operations: 0, credits: 0 },
    )
    return c.json(
      {
        from: range.from,
        to: range.to,
        group_by: query.group_by,
        time_zone: range.timeZone,
        total,
        rows,
      },
      200,
    )
  })

  app.openapi(balanceRoute, async (c) => {
    const balance = await usageBalance(db, c.var.principal.companyId, deps.clock())
    if (!balance) throw new ApiError(404, "not_found", "Company not found.")
    return c.json(balance, 200)
  })
}
