import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  successSchema,
  tmEntryCreateSchema,
  tmEntrySavedSchema,
  tmEntrySchema,
  tmEntryUpdateSchema,
  tmListQuerySchema,
  tmListSchema,
  tmSearchQuerySchema,
  tmSearchResultSchema,
  tmStatsSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, idParam, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { tmBulkRoutes } from "./tm-bulk.routes"
import { addEntry, deleteEntry, listEntries, readStats, updateEntry } from "./tm.repo"

const json = jsonResponse
const error = errorResponse
const unauthorized = error("Missing or invalid credentials")
const TAGS = ["Translation memory"]
const notFound = () =>
  new ApiError(404, "not_found", "No such translation memory entry in your account.")

const routes = {
  list: createRoute({
    method: "get",
    path: "/master-tm/entries",
    tags: TAGS,
    summary: "List translation memory entries",
    description: "Newest first, filtered and paged.",
    security: bearerAuth,
    request: { query: tmListQuerySchema },
    responses: {
      200: json("A page of entries and the filtered total", tmListSchema),
      400: error("Invalid filter"),
      401: unauthorized,
    },
  }),
  add: createRoute({
    method: "post",
    path: "/master-tm/entries",
    tags: TAGS,
    summary: "Add a translation memory entry",
    security: bearerAuth,
    request: {
      body: jsonBody(tmEntryCreateSchema),
    },
    responses: {
      201: json("The new entry", tmEntrySchema),
      400: error("Invalid entry (the message names the field)"),
      401: unauthorized,
    },
  }),
  update: createRoute({
    method: "patch",
    path: "/master-tm/entries/{id}",
    tags: TAGS,
    summary: "Change an entry's translation or switch it on or off",
    security: bearerAuth,
    request: {
      params: idParam,
      body: jsonBody(tmEntryUpdateSchema),
    },
    responses: {
      200: json("Saved", tmEntrySavedSchema),
      400: error("Invalid change"),
      401: unauthorized,
      404: error("No such entry in the account"),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/master-tm/entries/{id}",
    tags: TAGS,
    summary: "Delete an entry",
    security: bearerAuth,
    request: { params: idParam },
    responses: {
      200: json("Deleted", successSchema),
      401: unauthorized,
      404: error("No such entry in the account"),
    },
  }),
  search: createRoute({
    method: "get",
    path: "/master-tm/fuzzy-search",
    tags: TAGS,
    summary: "Find enabled entries like a text",
    description:
      "Scores are pg_trgm similarity from 0 to 100; `exact` (100) only for the same source text. A language code without a region matches its regional entries (`fr` finds `fr-FR` and `fr-CA`); a regional one finds its own entries first, then the plain language's (`fr-FR` finds `fr-FR`, then `fr`). Codes compare without regard to case.",
    security: bearerAuth,
    request: { query: tmSearchQuerySchema },
    responses: {
      200: json("Matches, best first", tmSearchResultSchema),
      400: error("Invalid query"),
      401: unauthorized,
    },
  }),
  stats: createRoute({
    method: "get",
    path: "/master-tm/stats",
    tags: TAGS,
    summary: "How many entries, enabled and by source",
    security: bearerAuth,
    responses: { 200: json("Counts", tmStatsSchema), 401: unauthorized },
  }),
}

/** The company's translation memory (Nativ's /master-tm API); every member uses and edits it. */
export function translationMemoryRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(routes.list, async (c) =>
    c.json(await listEntries(db, c.var.principal.companyId, c.req.valid("query")), 200),
  )
  app.openapi(routes.add, async (c) =>
    c.json(await addEntry(db, c.var.principal.companyId, c.req.valid("json")), 201),
  )
  app.openapi(routes.update, async (c) => {
    const entry = await updateEntry(
      db,
      c.var.principal.companyId,
      c.req.valid("param").id,
      c.req.valid("json"),
    )
    if (!entry) throw notFound()
    return c.json({ success: true as const, entry }, 200)
  })
  app.openapi(routes.remove, async (c) => {
    if (!(await deleteEntry(db, c.var.principal.companyId, c.req.valid("param").id)))
      throw notFound()
    return c.json({ success: true as const }, 200)
  })
  app.openapi(routes.search, async (c) => {
    const started = performance.now()
    const { matches, via } = await deps.tmSearch.search(
      c.var.principal.companyId,
      c.req.valid("query"),
    )
    // Which path answered (the in-memory index once a large memory is loaded), for browser tools
    // and the benchmark.
    c.header("Server-Timing", `tm;desc="${via}";dur=${(performance.now() - started).toFixed(1)}`)
    return c.json({ matches }, 200)
  })
  app.openapi(routes.stats, async (c) =>
    c.json(await readStats(db, c.var.principal.companyId), 200),
  )
  tmBulkRoutes(deps, app)
}
