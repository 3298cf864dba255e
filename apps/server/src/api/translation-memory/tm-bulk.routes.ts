import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  TM_BULK_DELETE_MAX,
  TM_UPLOAD_MAX_BYTES,
  TM_UPLOAD_ROWS_MAX,
  tmBulkDeleteResultSchema,
  tmBulkDeleteSchema,
  tmBulkUploadFieldsSchema,
  tmBulkUploadResultSchema,
  tmLanguagesSchema,
  tmSourcesSchema,
} from "@nativ/contracts"
import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse as error, jsonBody, jsonResponse as json } from "../openapi-parts"
import { bearerAuth } from "../security"
import { deleteEntries, readLanguages, readSources } from "./tm-bulk.repo"
import { uploadEntries } from "./tm-upload"

const TAGS = ["Translation memory"]
const unauthorized = error("Missing or invalid credentials")
const megabytes = TM_UPLOAD_MAX_BYTES / (1024 * 1024)

/** The path whose body may exceed /api/v1's 1 MB: its own limit is uploadGuard's. */
export const takesTmUpload = (path: string) => /\/master-tm\/bulk-upload\/?$/.test(path)

/** Multipart only (else 415), counted while it streams in (413 past the limit, never read whole). */
const uploadGuard: MiddlewareHandler[] = [
  async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? ""))
      throw new ApiError(
        415,
        "unsupported_media_type",
        "Send multipart/form-data with the CSV or TMX file in the `file` field.",
      )
    await next()
  },
  bodyLimit({
    maxSize: TM_UPLOAD_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, "invalid_request", `file: the upload is larger than ${megabytes} MB.`)
    },
  }),
]

const fileField = z
  .custom<File>((v) => v instanceof File, {
    error: "file: attach a CSV or TMX file in the `file` field",
  })
  .openapi({ type: "string", format: "binary", description: "A CSV or TMX 1.4 file." })

const routes = {
  upload: createRoute({
    method: "post",
    path: "/master-tm/bulk-upload",
    tags: TAGS,
    summary: "Add entries from a CSV or TMX file",
    description: `CSV: a header row naming source_text and target_text, and optionally source_language_code, target_language_code and source_name (the dashboard's export, with source, target, source_language, target_language and name, reads too); comma, semicolon or tab separated. TMX 1.4: each <tu> gives an entry per language besides its srclang. At most ${megabytes} MB and ${TM_UPLOAD_ROWS_MAX.toLocaleString("en-US")} entries. An entry already in the memory (same source text, languages and target text) is skipped, so uploading a file twice adds nothing; a row that is not a valid entry is listed in errors and the others are added.`,
    security: bearerAuth,
    middleware: uploadGuard,
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ file: fileField, ...tmBulkUploadFieldsSchema.shape }),
          },
        },
      },
    },
    responses: {
      200: json("What was added, skipped and refused", tmBulkUploadResultSchema),
      400: error(
        "No file, an invalid field, or a file that cannot be read (the message says where)",
      ),
      401: unauthorized,
      413: error(`Larger than ${megabytes} MB, or more than ${TM_UPLOAD_ROWS_MAX} entries`),
      415: error("Not multipart form data, or the file is not CSV or TMX"),
    },
  }),
  bulkDelete: createRoute({
    method: "post",
    path: "/master-tm/bulk-delete",
    tags: TAGS,
    summary: "Delete several entries",
    description: `Up to ${TM_BULK_DELETE_MAX.toLocaleString("en-US")} ids; those that are not entries of the account are answered in not_found.`,
    security: bearerAuth,
    request: { body: jsonBody(tmBulkDeleteSchema) },
    responses: {
      200: json("How many were deleted", tmBulkDeleteResultSchema),
      400: error("Invalid entry_ids"),
      401: unauthorized,
    },
  }),
  languages: createRoute({
    method: "get",
    path: "/master-tm/languages",
    tags: TAGS,
    summary: "The languages and language pairs in the memory, with entry counts",
    security: bearerAuth,
    responses: { 200: json("Languages, most entries first", tmLanguagesSchema), 401: unauthorized },
  }),
  sources: createRoute({
    method: "get",
    path: "/master-tm/sources",
    tags: TAGS,
    summary: "Where the memory's entries came from, with entry counts",
    security: bearerAuth,
    responses: {
      200: json("Information sources and their labels", tmSourcesSchema),
      401: unauthorized,
    },
  }),
}

/** Nativ's bulk and overview /master-tm endpoints; every member may use them, as the others. */
export function tmBulkRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(routes.upload, async (c) => {
    const { file, ...fields } = c.req.valid("form")
    const { companyId, authUserId } = c.var.principal
    return c.json(await uploadEntries(db, companyId, file, fields, authUserId), 200)
  })
  app.openapi(routes.bulkDelete, async (c) => {
    const ids = [...new Set(c.req.valid("json").entry_ids.map((id) => id.toLowerCase()))]
    const deleted = new Set(await deleteEntries(db, c.var.principal.companyId, ids))
    return c.json(
      {
        success: true as const,
        deleted: deleted.size,
        not_found: ids.filter((id) => !deleted.has(id)),
      },
      200,
    )
  })
  app.openapi(routes.languages, async (c) =>
    c.json(await readLanguages(db, c.var.principal.companyId), 200),
  )
  app.openapi(routes.sources, async (c) =>
    c.json(await readSources(db, c.var.principal.companyId), 200),
  )
}
