import { OpenAPIHono } from "@hono/zod-openapi"
import { bodyLimit } from "hono/body-limit"
import { HTTPException } from "hono/http-exception"

import type { AppDeps } from "../deps"
import { ApiError, renderApiError } from "./api-error"
import { apiKeysRoutes } from "./api-keys/api-keys.routes"
import { type ApiEnv, authenticate } from "./authenticate"
import { culturalizeRoutes } from "./culturalize/culturalize.routes"
import { docsRoutes } from "./docs"
import { languagesRoutes } from "./languages/languages.routes"
import { openApiDescription } from "./openapi-description"

/**
 * /api/v1 — the product API: languages, culturalize and API keys, with an OpenAPI 3.1 document
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

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "An API key (`nativ_…`, created on the dashboard's API Keys page) or a user access token.",
  })
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Nativ API", version: "1.0.0", description: openApiDescription(deps.env) },
    servers: [{ url: deps.env.API_URL }],
  })
  docsRoutes(app, deps.env.API_URL)

  app.use(
    "*",
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new ApiError(413, "invalid_request", "The request body is larger than 1 MB.")
      },
    }),
  )
  for (const path of ["/user/*", "/text/*", "/api-keys", "/api-keys/*"])
    app.use(path, authenticate(deps))
  languagesRoutes(deps, app)
  culturalizeRoutes(deps, app)
  apiKeysRoutes(deps, app)

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
    deps.logger.error({ reqId: c.get("requestId" as never), err: error }, "api error")
    return renderApiError(
      c,
      new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."),
    )
  })
  return app
}
