import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackSchema,
  submitFeedbackSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { errorResponse, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import { insertFeedback, listFeedback } from "./feedback.repo"

const TAGS = ["Feedback"]

const submitRoute = createRoute({
  method: "post",
  path: "/text/feedback",
  tags: TAGS,
  summary: "Rate a culturalization or say what should change",
  description:
    "Recorded for the company, as the Playground's feedback card records it. A Good rating (`approved: true`) keeps the source and result as an approved translation-memory entry when `language` is one of the company's languages — unless the result is one the offline engine produced for the company (it keeps the words, so it is no translation); a result a model produced, or one a person wrote or edited, is kept. Free.",
  security: bearerAuth,
  request: { body: jsonBody(submitFeedbackSchema) },
  responses: {
    201: jsonResponse("The feedback as recorded", feedbackSchema),
    400: errorResponse(
      "A field is missing or too long, or neither a rating nor written feedback was given",
    ),
    401: errorResponse("Missing or invalid credentials"),
  },
})

const listRoute = createRoute({
  method: "get",
  path: "/text/feedback",
  tags: TAGS,
  summary: "The company's feedback, newest first",
  security: bearerAuth,
  request: { query: feedbackListQuerySchema },
  responses: {
    200: jsonResponse("A page of feedback and the total", feedbackListSchema),
    400: errorResponse("limit or offset out of range"),
    401: errorResponse("Missing or invalid credentials"),
  },
})

/** Feedback on culturalizations, as Nativ's SDKs send it (`submitFeedback`). */
export function feedbackRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(submitRoute, async (c) =>
    c.json(await insertFeedback(db, c.var.principal.companyId, c.req.valid("json")), 201),
  )
  app.openapi(listRoute, async (c) =>
    c.json(await listFeedback(db, c.var.principal.companyId, c.req.valid("query")), 200),
  )
}
