import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  BATCH_ACTION,
  BATCH_CHARACTERS_MAX,
  BATCH_ITEMS_MAX,
  culturalizeBatchRequestSchema,
  culturalizeBatchResponseSchema,
  culturalizeRequestSchema,
  culturalizeResponseSchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { admitCulturalize } from "../limits"
import { bearerAuth } from "../security"
import { culturalizeBatch } from "./culturalize-batch.service"
import { culturalize } from "./culturalize.service"
import { errorResponse, jsonBody, jsonResponse } from "../openapi-parts"

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

const culturalizeRoute = createRoute({
  method: "post",
  path: "/text/culturalize",
  tags: ["Culturalize"],
  summary: "Culturalize text into a target language and culture",
  description:
    "Name the target by `language` (a name: Japanese, Portuguese (Brazil)), by `language_code` or DeepL's `target_lang` (a BCP 47 code in any case), or both (the code decides); it need not be one of your languages. The answer's `language` and `language_code` are the canonical English name and code, as Operations records them. An unknown language is a 400 naming the field and the closest match. A text your translation memory holds exactly is answered with its entry at no cost (`from_memory: true`).",
  security: bearerAuth,
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { "application/json": { schema: culturalizeRequestSchema } } },
  },
  responses: {
    200: {
      description: "The culturalized text and what it cost",
      content: { "application/json": { schema: culturalizeResponseSchema } },
    },
    400: errorResponse(
      "Invalid input or an unknown language (the message names the field and, for a language, the closest match)",
    ),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    402: errorResponse("Not enough credits; nothing was charged"),
    413: errorResponse("The request body is too large"),
    409: errorResponse("A request with this Idempotency-Key is still running"),
    404: errorResponse("glossary_id names no glossary of the company"),
    422: errorResponse(
      "The Idempotency-Key was used with a different request, or the result cannot fit max_characters (max_characters_exceeded; nothing was charged)",
    ),
    429: errorResponse("Too many requests; see Retry-After"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

const batchRoute = createRoute({
  method: "post",
  path: "/text/culturalize-batch",
  tags: ["Culturalize"],
  summary: "Culturalize many texts (a design file's layers) at once",
  description: `Up to ${BATCH_ITEMS_MAX} items and ${BATCH_CHARACTERS_MAX.toLocaleString("en-US")} characters. Each item is priced as a single request; the whole cost is checked before any work and debited at once, with one operation (${BATCH_ACTION}). When any item fails, nothing is charged.`,
  security: bearerAuth,
  request: {
    headers: idempotencyHeader,
    body: jsonBody(culturalizeBatchRequestSchema),
  },
  responses: {
    200: jsonResponse(
      "Each item's result, in order, and the total cost",
      culturalizeBatchResponseSchema,
    ),
    400: errorResponse("Invalid input (the message names the problem)"),
    401: errorResponse("Missing, invalid, expired or revoked credentials"),
    402: errorResponse("The balance does not cover the whole batch; nothing was charged"),
    404: errorResponse("glossary_id names no glossary of the company"),
    409: errorResponse("A request with this Idempotency-Key is still running"),
    413: errorResponse("The request body is too large"),
    422: errorResponse("The Idempotency-Key was used with a different request"),
    429: errorResponse("Too many requests; see Retry-After"),
    502: errorResponse("The culturalization engine failed; nothing was charged"),
    504: errorResponse("The culturalization engine timed out; nothing was charged"),
  },
})

export function culturalizeRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  // Each handler counts its texts against the rate limit itself (admitCulturalize), beside the
  // read of the request's settings, and waits for the verdict before any work.
  app.openapi(batchRoute, async (c) => {
    const request = c.req.valid("json")
    const result = await culturalizeBatch(deps, c.var.principal, request, {
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      signal: c.req.raw.signal,
      // One text of the budget per item, as if each were sent alone.
      admission: admitCulturalize(deps, c.var.principal, c.get("requestId"), request.items.length),
    })
    return c.json(result, 200)
  })
  app.openapi(culturalizeRoute, async (c) => {
    const result = await culturalize(deps, c.var.principal, c.req.valid("json"), {
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      signal: c.req.raw.signal,
      admission: admitCulturalize(deps, c.var.principal, c.get("requestId")),
    })
    return c.json(result, 200)
  })
}
