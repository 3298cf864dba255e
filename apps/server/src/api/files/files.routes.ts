import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  FILE_FORMAT_NAMES,
  FILE_JOB_DAYS,
  FILE_MAX_BYTES,
  FILE_SYNC_MAX_BYTES,
  FILE_TARGETS_MAX,
  fileCulturalizeFormFields,
  fileCulturalizeRequestSchema,
  fileCulturalizeResponseSchema,
  fileJobSchema,
  type FileCulturalizeRequest,
  type FileJob,
  type FileFormatName,
} from "@nativ/contracts"
import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { errorResponse, idParam, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { findJob, jobFile, listJobs } from "./file-jobs"
import { fromForm, fromJson, tooLarge } from "./file-request"
import { culturalizeFile, SYNC_TEXTS_MAX } from "./files.service"

const FILE_PATH = /\/files\/culturalize\/?$/

/** The one /api/v1 path whose body may pass the 1 MB limit: it has its own (filesGuard). */
export const takesFileUpload = (path: string) => FILE_PATH.test(path)

/**
 * Room for a 20 MB file written as JSON text (escapes) with previous outputs beside it; the file's
 * own size is checked once read (413 file_too_large).
 */
const BODY_MAX_BYTES = 3 * FILE_MAX_BYTES

const filesGuard: MiddlewareHandler[] = [
  async (c, next) => {
    const type = c.req.header("content-type") ?? ""
    if (!/^application\/json\b/i.test(type) && !/^multipart\/form-data\s*;/i.test(type))
      throw new ApiError(
        415,
        "unsupported_media_type",
        "Send JSON ({filename, content, target_languages}) or multipart/form-data with the file in the `file` field.",
      )
    await next()
  },
  bodyLimit({ maxSize: BODY_MAX_BYTES, onError: () => Promise.reject(tooLarge()) }),
]

const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255, "Idempotency-Key can be at most 255 characters")
    .optional()
    .describe(
      "Retry safely: a request repeated with the same key returns the first result and is charged once.",
    ),
})

const megabytes = (bytes: number) => bytes / 1024 / 1024

const culturalizeFileRoute = createRoute({
  method: "post",
  path: "/files/culturalize",
  tags: ["Files"],
  summary: "Culturalize an i18n resource file into up to 20 languages",
  description: `A whole resource file — ${FILE_FORMAT_NAMES.join(", ")} — with its keys, order, comments, placeholders, ICU messages and plural forms kept intact (plural forms for every CLDR category of each target). Send JSON with the file's text in \`content\`, or multipart/form-data with the file in \`file\`. Up to ${FILE_TARGETS_MAX} target languages by code or name. Priced as a batch: each distinct text sent to the engine as a single request; texts the memory holds (an earlier run, a single request with the same settings) are free, so an unchanged file costs nothing again. One operation per language (action \`translate_file\`, file id = \`filename\`). A string that comes back with its placeholders broken is asked once more, then left in the source language with a warning naming its key. Files up to ${megabytes(FILE_SYNC_MAX_BYTES)} MB that send at most ${SYNC_TEXTS_MAX} texts to the engine (all languages together) are answered at once (200); larger ones, up to ${megabytes(FILE_MAX_BYTES)} MB, or ones with more to translate, answer 202 with a job to follow at \`GET /jobs/{id}\`, charged as it finishes each language. With an Idempotency-Key, a repeat gets the same answer or the same job.`,
  security: bearerAuth,
  middleware: filesGuard,
  request: {
    headers: idempotencyHeader,
    body: {
      required: false,
      content: {
        "application/json": { schema: fileCulturalizeRequestSchema },
        "multipart/form-data": {
          schema: z.object({
            file: z
              .custom<File>((v) => v instanceof File)
              .openapi({ type: "string", format: "binary", description: "The resource file" }),
            ...fileCulturalizeFormFields,
          }),
        },
      },
    },
  },
  responses: {
    200: jsonResponse("Every language's file, and what they cost", fileCulturalizeResponseSchema),
    202: jsonResponse(
      `A file over ${megabytes(FILE_SYNC_MAX_BYTES)} MB, or with more than ${SYNC_TEXTS_MAX} texts to send: the job that translates it (GET /jobs/{id})`,
      fileJobSchema,
    ),
    400: errorResponse(
      "Invalid input: a malformed file (malformed_file, naming the line and column), an unknown format (unknown_format), an unknown language (naming it), more than 20 languages",
    ),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    402: errorResponse("The balance does not cover the whole file; nothing was charged"),
    404: errorResponse("glossary_id names no glossary of the company"),
    409: errorResponse("A request with this Idempotency-Key is still running"),
    413: errorResponse(`The file is larger than ${megabytes(FILE_MAX_BYTES)} MB (file_too_large)`),
    415: errorResponse(
      "Neither JSON nor multipart, or a file neither UTF-8 nor UTF-16 (unsupported_encoding)",
    ),
    422: errorResponse("The Idempotency-Key was used with a different request"),
    429: errorResponse("Too many requests; see Retry-After"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

const jobRoute = createRoute({
  method: "get",
  path: "/jobs/{id}",
  tags: ["Files"],
  summary: "A file job: its status, progress and each language's result",
  description: `Languages are finished (and charged) one by one; each finished one can be downloaded from its \`download_url\` for ${FILE_JOB_DAYS} days. A \`job.completed\` webhook is sent when the job finishes.`,
  security: bearerAuth,
  request: { params: idParam },
  responses: {
    200: jsonResponse("The job", fileJobSchema),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    404: errorResponse("No such job of the company, or it has expired"),
  },
})

const jobsRoute = createRoute({
  method: "get",
  path: "/jobs",
  tags: ["Files"],
  summary: "The company's file jobs, newest first",
  description: `Every unexpired job (kept ${FILE_JOB_DAYS} days), optionally of one file: a client whose 202 answer was lost finds the job it started here.`,
  security: bearerAuth,
  request: {
    query: z.object({
      filename: z.string().min(1).max(1000).optional().openapi({
        description: "Only jobs of this file (the request's filename)",
        example: "locales/en.json",
      }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .default(20)
        .openapi({ description: "At most this many jobs (1-100, default 20)", example: 20 }),
    }),
  },
  responses: {
    200: jsonResponse(
      "The jobs",
      z
        .object({ jobs: z.array(fileJobSchema) })
        .openapi({ example: { jobs: [fileJobSchema.meta()?.example as FileJob] } }),
    ),
    400: errorResponse("An invalid filename or limit"),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
  },
})

const jobFileRoute = createRoute({
  method: "get",
  path: "/jobs/{id}/files/{language_code}",
  tags: ["Files"],
  summary: "Download one language's translated file",
  security: bearerAuth,
  request: {
    params: idParam.extend({
      language_code: z
        .string()
        .max(35)
        .openapi({ param: { name: "language_code", in: "path" }, example: "fr" }),
    }),
  },
  responses: {
    200: {
      description: "The translated file, as an attachment named as in the job",
      content: { "application/octet-stream": { schema: z.string() } },
    },
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    404: errorResponse("No such job or language, not finished yet, or expired"),
  },
})

const MEDIA_TYPES: Record<FileFormatName, string> = {
  json: "application/json",
  i18next: "application/json",
  arb: "application/json",
  xcstrings: "application/json",
  yaml: "application/yaml",
  po: "text/x-gettext-translation",
  xliff: "application/xliff+xml",
  android: "application/xml",
  strings: "text/plain",
  stringsdict: "application/xml",
  csv: "text/csv",
}

export function filesRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi(culturalizeFileRoute, async (c) => {
    const json = /^application\/json\b/i.test(c.req.header("content-type") ?? "")
    const request = json
      ? fromJson(c.req.valid("json") as FileCulturalizeRequest)
      : await fromForm(c.req.valid("form"))
    const result = await culturalizeFile(deps, c.var.principal, request, {
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      signal: c.req.raw.signal,
      requestId: c.get("requestId"),
    })
    if ("job" in result) return c.json(result.job, 202)
    return c.json(result.files, 200)
  })
  app.openapi(jobsRoute, async (c) => {
    const jobs = await listJobs(deps, c.var.principal.companyId, c.req.valid("query"))
    return c.json({ jobs }, 200)
  })
  app.openapi(jobRoute, async (c) => {
    const job = await findJob(deps, c.var.principal.companyId, c.req.valid("param").id)
    if (!job) throw new ApiError(404, "not_found", "No such job, or it has expired.")
    return c.json(job, 200)
  })
  app.openapi(jobFileRoute, async (c) => {
    const { id, language_code } = c.req.valid("param")
    const file = await jobFile(deps, c.var.principal.companyId, id, language_code)
    const name = file.filename.split(/[\\/]/).pop() ?? file.filename
    return c.body(file.content, 200, {
      "Content-Type": `${MEDIA_TYPES[file.format]}; charset=utf-8`,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    })
  })
}
