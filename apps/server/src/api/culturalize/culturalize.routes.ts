import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  apiErrorSchema,
  culturalizeRequestSchema,
  culturalizeResponseSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { limitCulturalize } from "../limits"
import { bearerAuth } from "../security"
import { culturalize } from "./culturalize.service"

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
})

const culturalizeRoute = createRoute({
  method: "post",
  path: "/text/culturalize",
  tags: ["Culturalize"],
  summary: "Culturalize text into a target language and culture",
  security: bearerAuth,
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .min(1)
        .max(255, "Idempotency-Key can be at most 255 characters")
        .optional()
        .describe(
          "Retry safely: a request repeated with the same key returns the first result and is charged once.",
        ),
    }),
    body: { required: true, content: { "application/json": { schema: culturalizeRequestSchema } } },
  },
  responses: {
    200: {
      description: "The culturalized text and what it cost",
      content: { "application/json": { schema: culturalizeResponseSchema } },
    },
    400: errorResponse("Invalid input (the message names the problem)"),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    402: errorResponse("Not enough credits; nothing was charged"),
    413: errorResponse("The request body is too large"),
    409: errorResponse("A request with this Idempotency-Key is still running"),
    422: errorResponse("The Idempotency-Key was used with a different request"),
    429: errorResponse("Too many requests; see Retry-After"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

export function culturalizeRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi({ ...culturalizeRoute, middleware: [limitCulturalize(deps)] }, async (c) => {
    const result = await culturalize(deps, c.var.principal, c.req.valid("json"), {
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      signal: c.req.raw.signal,
    })
    return c.json(result, 200)
  })
}
