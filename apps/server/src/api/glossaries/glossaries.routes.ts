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
import type { ApiEnv } from "../authenticate"
import { errorResponse, idParam, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import {
  createGlossaryHandler,
  deleteGlossaryHandler,
  replaceEntriesHandler,
  updateGlossaryHandler,
} from "./glossaries.handlers"
import { findGlossary, listGlossaries, readGlossaryEntries } from "./glossaries.repo"
import { noSuchGlossary } from "./no-such-glossary"

const TAGS = ["Glossaries"]
const unauthorized = errorResponse("Missing or invalid credentials")
const missing = errorResponse("No such glossary in the account")
const nameTaken = errorResponse("Another glossary of the company has this name (any case)")

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
    description: `Entries as pairs or CSV/TSV text; a problem names its row. At most ${GLOSSARIES_MAX} glossaries; names are unique within the company, whatever the case.`,
    security: bearerAuth,
    request: { body: jsonBody(glossaryCreateSchema) },
    responses: {
      201: jsonResponse("The new glossary", glossarySchema),
      400: errorResponse("Invalid input (the message names the row at fault)"),
      401: unauthorized,
      409: nameTaken,
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
      409: nameTaken,
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
  app.openapi(routes.create, async (c) =>
    c.json(await createGlossaryHandler(db, c.var.principal, c.req.valid("json")), 201),
  )
  app.openapi(routes.read, async (c) => {
    const glossary = await findGlossary(db, c.var.principal.companyId, c.req.valid("param").id)
    if (!glossary) throw noSuchGlossary()
    return c.json(glossary, 200)
  })
  app.openapi(routes.update, async (c) =>
    c.json(
      await updateGlossaryHandler(
        db,
        c.var.principal,
        c.req.valid("param").id,
        c.req.valid("json"),
      ),
      200,
    ),
  )
  app.openapi(routes.remove, async (c) => {
    await deleteGlossaryHandler(db, c.var.principal, c.req.valid("param").id)
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
  app.openapi(routes.replace, async (c) =>
    c.json(
      await replaceEntriesHandler(
        db,
        c.var.principal,
        c.req.valid("param").id,
        c.req.valid("json").entries,
      ),
      200,
    ),
  )
}
