import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  GLOSSARIES_MAX,
  glossaryCreateSchema,
  glossaryEntriesUpdateSchema,
  glossaryEntryListSchema,
  glossaryListSchema,
  glossarySchema,
  glossaryUpdateSchema,
  successSchema,
  writeGlossaryCsv,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, idParam, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import {
  countGlossaries,
  createGlossary,
  deleteGlossary,
  findGlossary,
  listGlossaries,
  readGlossaryEntries,
  updateGlossary,
} from "./glossaries.repo"
import { noSuchGlossary } from "./no-such-glossary"

const TAGS = ["Glossaries"]
const unauthorized = errorResponse("Missing or invalid credentials")
const missing = errorResponse("No such glossary in the account")

const routes = {
  list: createRoute({
    method: "get",
    path: "/glossaries",
    tags: TAGS,
    summary: "The company's stored glossaries",
    security: bearerAuth,
    responses: {
      200: jsonResponse("Every glossary, by name", glossaryListSchema),
      401: unauthorized,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/glossaries",
    tags: TAGS,
    summary: "Store a glossary",
    description: `Entries as pairs or CSV/TSV text; a problem names its row. At most ${GLOSSARIES_MAX} glossaries.`,
    security: bearerAuth,
    request: { body: jsonBody(glossaryCreateSchema) },
    responses: {
      201: jsonResponse("The new glossary", glossarySchema),
      400: errorResponse("Invalid input (the message names the row at fault)"),
      401: unauthorized,
    },
  }),
  read: createRoute({
    method: "get",
    path: "/glossaries/{id}",
    tags: TAGS,
    summary: "A glossary's name, language and size",
    security: bearerAuth,
    request: { params: idParam },
    responses: {
      200: jsonResponse("The glossary", glossarySchema),
      401: unauthorized,
      404: missing,
    },
  }),
  update: createRoute({
    method: "patch",
    path: "/glossaries/{id}",
    tags: TAGS,
    summary: "Rename a glossary or change its language",
    security: bearerAuth,
    request: { params: idParam, body: jsonBody(glossaryUpdateSchema) },
    responses: {
      200: jsonResponse("The glossary as saved", glossarySchema),
      400: errorResponse("Invalid input"),
      401: unauthorized,
      404: missing,
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/glossaries/{id}",
    tags: TAGS,
    summary: "Delete a glossary",
    security: bearerAuth,
    request: { params: idParam },
    responses: { 200: jsonResponse("Deleted", successSchema), 401: unauthorized, 404: missing },
  }),
  entries: createRoute({
    method: "get",
    path: "/glossaries/{id}/entries",
    tags: TAGS,
    summary: "A glossary's entries, as JSON or CSV",
    description:
      "JSON by default; CSV (header source,target, formula-safe) with `?format=csv` or `Accept: text/csv`.",
    security: bearerAuth,
    request: {
      params: idParam,
      query: z.object({
        format: z
          .enum(["json", "csv"], { error: "format must be json or csv" })
          .optional()
          .meta({ example: "csv" }),
      }),
    },
    responses: {
      200: {
        description: "The entries",
        content: {
          "application/json": { schema: glossaryEntryListSchema },
          "text/csv": { schema: z.string() },
        },
      },
      401: unauthorized,
      404: missing,
    },
  }),
  replace: createRoute({
    method: "put",
    path: "/glossaries/{id}/entries",
    tags: TAGS,
    summary: "Replace a glossary's entries",
    security: bearerAuth,
    request: { params: idParam, body: jsonBody(glossaryEntriesUpdateSchema) },
    responses: {
      200: jsonResponse("The glossary as saved", glossarySchema),
      400: errorResponse("Invalid entries (the message names the row at fault)"),
      401: unauthorized,
      404: missing,
    },
  }),
}

/** Stored glossaries, shared by the company's members; culturalize applies one by glossary_id. */
export function glossariesRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(routes.list, async (c) =>
    c.json({ glossaries: await listGlossaries(db, c.var.principal.companyId) }, 200),
  )
  app.openapi(routes.create, async (c) => {
    const { companyId } = c.var.principal
    if ((await countGlossaries(db, companyId)) >= GLOSSARIES_MAX)
      throw new ApiError(
        400,
        "invalid_request",
        `A company can have at most ${GLOSSARIES_MAX} glossaries. Delete one first.`,
      )
    return c.json(await createGlossary(db, companyId, c.req.valid("json")), 201)
  })
  app.openapi(routes.read, async (c) => {
    const glossary = await findGlossary(db, c.var.principal.companyId, c.req.valid("param").id)
    if (!glossary) throw noSuchGlossary()
    return c.json(glossary, 200)
  })
  app.openapi(routes.update, async (c) => {
    const glossary = await updateGlossary(
      db,
      c.var.principal.companyId,
      c.req.valid("param").id,
      c.req.valid("json"),
    )
    if (!glossary) throw noSuchGlossary()
    return c.json(glossary, 200)
  })
  app.openapi(routes.remove, async (c) => {
    if (!(await deleteGlossary(db, c.var.principal.companyId, c.req.valid("param").id)))
      throw noSuchGlossary()
    return c.json({ success: true as const }, 200)
  })
  app.openapi(routes.entries, async (c) => {
    const entries = await readGlossaryEntries(
      db,
      c.var.principal.companyId,
      c.req.valid("param").id,
    )
    if (!entries) throw noSuchGlossary()
    const format =
      c.req.valid("query").format ??
      ((c.req.header("accept") ?? "").includes("text/csv") ? "csv" : "json")
    if (format === "csv") {
      c.header("Content-Type", "text/csv; charset=utf-8")
      c.header("Content-Disposition", 'attachment; filename="glossary.csv"')
      return c.body(`\uFEFF${writeGlossaryCsv(entries)}\r\n`, 200) as never
    }
    return c.json({ entries }, 200)
  })
  app.openapi(routes.replace, async (c) => {
    const glossary = await updateGlossary(db, c.var.principal.companyId, c.req.valid("param").id, {
      entries: c.req.valid("json").entries,
    })
    if (!glossary) throw noSuchGlossary()
    return c.json(glossary, 200)
  })
}
