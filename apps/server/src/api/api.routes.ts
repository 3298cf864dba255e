import { OpenAPIHono } from "@hono/zod-openapi"
import { bodyLimit } from "hono/body-limit"
import { HTTPException } from "hono/http-exception"

import { isDatabaseUnavailable } from "../db/unavailable"
import type { AppDeps } from "../deps"
import { BODY_LIMITS } from "../http/json-body"
import { refuseUnstorableJsonBody, refuseUnstorableQuery } from "../http/unstorable-input"
import { ApiError, renderApiError, unavailableApiError } from "./api-error"
import { apiKeysRoutes } from "./api-keys/api-keys.routes"
import type { ApiEnv } from "./authenticate"
import { billingRoutes } from "./billing/billing.routes"
import { connectedAppsRoutes } from "./connected-apps/connected-apps.routes"
import { culturalizeRoutes } from "./culturalize/culturalize.routes"
import { dashboardHome, docsRoutes } from "./docs"
import { feedbackRoutes } from "./feedback/feedback.routes"
import { filesRoutes, takesFileUpload } from "./files/files.routes"
import { glossariesRoutes } from "./glossaries/glossaries.routes"
import { imagesRoutes } from "./images/images.routes"
import { takesUploads } from "./images/uploads"
import { languagesRoutes } from "./languages/languages.routes"
import { rateLimitHeaders } from "./limits"
import { invitationsRoutes } from "./members/invitations.routes"
import { membersRoutes } from "./members/members.routes"
import { notificationsRoutes } from "./notifications/notifications.routes"
import { openApiDescription } from "./openapi-description"
import { operationsRoutes } from "./operations/operations.routes"
import { styleRoutes } from "./style/style.routes"
import { takesTmUpload } from "./translation-memory/tm-bulk.routes"
import { translationMemoryRoutes } from "./translation-memory/tm.routes"
import { usageRoutes } from "./usage/usage.routes"
import { webhooksRoutes } from "./webhooks/webhooks.routes"
import { enforceDeclaredSecurity } from "./security"

/**
 * /api/v1 — the product API: languages, culturalize, translation memory, style, API keys and
 * members, with an OpenAPI 3.1 document
 * generated from the same zod schemas that validate requests. One error envelope everywhere:
 * `{"error": {"code", "message"}}`.
 */
export function apiRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0]
        const field = issue?.path.join(".")
        const message = issue
          ? field && !issue.message.includes(field)
            ? `${field}: ${issue.message}`
            : issue.message
          : "Invalid request."
        throw new ApiError(400, "invalid_request", message)
      }
    },
  })

  // First, so every answer (errors and 404s too) carries the caller's RateLimit headers.
  app.use("*", rateLimitHeaders(deps))
  enforceDeclaredSecurity(app, deps)
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Nativ API", version: "1.0.0", description: openApiDescription(deps.env) },
    servers: [{ url: deps.env.API_URL }],
  })
  docsRoutes(app, deps.env.API_URL, dashboardHome(deps.env))

  const apiBodyLimit = bodyLimit({
    maxSize: BODY_LIMITS.api,
    onError: () => {
      throw new ApiError(413, "invalid_request", "The request body is larger than 1 MB.")
    },
  })
  // Image and memory-file uploads have their own, larger limits (their routes' uploadGuard).
  app.use("*", (c, next) =>
    takesUploads(c.req.path) || takesTmUpload(c.req.path) || takesFileUpload(c.req.path)
      ? next()
      : apiBodyLimit(c, next),
  )
  const refuse = (_c: unknown, message: string): never => {
    throw new ApiError(400, "invalid_request", message)
  }
  app.use("*", refuseUnstorableQuery(refuse))
  app.use("*", refuseUnstorableJsonBody(refuse))
  languagesRoutes(deps, app)
  culturalizeRoutes(deps, app)
  imagesRoutes(deps, app)
  feedbackRoutes(deps, app)
  apiKeysRoutes(deps, app)
  billingRoutes(deps, app)
  membersRoutes(deps, app)
  invitationsRoutes(deps, app)
  styleRoutes(deps, app)
  glossariesRoutes(deps, app)
  translationMemoryRoutes(deps, app)
  operationsRoutes(deps, app)
  notificationsRoutes(deps, app)
  usageRoutes(deps, app)
  connectedAppsRoutes(deps, app)
  webhooksRoutes(deps, app)
  filesRoutes(deps, app)

  app.all("*", () => {
    throw new ApiError(404, "not_found", "No such endpoint. See /api/v1/docs.")
  })
  app.onError((error, c) => {
    if (error instanceof ApiError) return renderApiError(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      return renderApiError(
        c,
        new ApiError(400, "invalid_request", "The request body must be valid JSON."),
      )
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ reqId: c.get("requestId"), err: error }, "api: database unavailable")
      return renderApiError(c, unavailableApiError())
    }
    deps.logger.error({ reqId: c.get("requestId"), err: error }, "api error")
    return renderApiError(
      c,
      new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."),
    )
  })
  return app
}
