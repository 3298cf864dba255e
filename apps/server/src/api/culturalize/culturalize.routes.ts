import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  apiErrorSchema,
  culturalizeRequestSchema,
  culturalizeResponseSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { createRateLimiter } from "../rate-limiter"
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
  security: [{ bearerAuth: [] }],
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
    422: errorResponse("The Idempotency-Key was used with a different request"),
    429: errorResponse("Too many requests; see Retry-After"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

export function culturalizeRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const perMinute = deps.env.RATE_LIMIT_CULTURALIZE_PER_MINUTE
  const limiter = createRateLimiter(perMinute, 60_000, () => deps.clock().getTime())

  app.openapi(culturalizeRoute, async (c) => {
    const { principal } = c.var
    const waits = [
      limiter.hit(`user:${principal.userId}`),
      principal.apiKeyId ? limiter.hit(`key:${principal.apiKeyId}`) : 0,
    ]
    const wait = Math.max(...waits)
    if (wait > 0) {
      throw new ApiError(
        429,
        "rate_limited",
        `Too many requests: at most ${perMinute} a minute. Try again in ${wait} s.`,
        {
          "Retry-After": String(wait),
        },
      )
    }
    const result = await culturalize(deps, principal, c.req.valid("json"), {
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      signal: c.req.raw.signal,
    })
    return c.json(result, 200)
  })
}
