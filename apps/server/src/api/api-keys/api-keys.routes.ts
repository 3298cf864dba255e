import type { OpenAPIHono } from "@hono/zod-openapi"
import { createRoute, z } from "@hono/zod-openapi"
import {
  apiErrorSchema,
  apiKeyListSchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { generateApiKey } from "./api-key-secret"
import { insertApiKey, listApiKeys, revokeApiKey, toApiKey } from "./api-keys.repo"

const security = [{ bearerAuth: [] }]
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorSchema } },
})

const listRoute = createRoute({
  method: "get",
  path: "/api-keys",
  tags: ["API keys"],
  summary: "List the account's API keys",
  security,
  responses: {
    200: {
      description: "Keys that are not revoked, newest first",
      content: { "application/json": { schema: apiKeyListSchema } },
    },
    401: errorResponse("Missing or invalid credentials"),
  },
})

const createKeyRoute = createRoute({
  method: "post",
  path: "/api-keys",
  tags: ["API keys"],
  summary: "Create an API key",
  description: "Returns the full secret in `key` — only here, once. Store it safely.",
  security,
  request: {
    body: { required: true, content: { "application/json": { schema: createApiKeyInputSchema } } },
  },
  responses: {
    201: {
      description: "The new key, with its secret",
      content: { "application/json": { schema: createdApiKeySchema } },
    },
    400: errorResponse("Invalid name or expiry"),
    401: errorResponse("Missing or invalid credentials"),
  },
})

const revokeRoute = createRoute({
  method: "delete",
  path: "/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  security,
  request: { params: z.object({ id: z.uuid({ error: "The key id must be a UUID" }) }) },
  responses: {
    204: { description: "Revoked; requests with the key are refused from now on" },
    401: errorResponse("Missing or invalid credentials"),
    404: errorResponse("No such key on this account"),
  },
})

const DAY_MS = 24 * 3600 * 1000

export function apiKeysRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(listRoute, async (c) => {
    const now = deps.clock()
    const rows = await listApiKeys(db, c.var.principal.userId)
    return c.json({ api_keys: rows.map((row) => toApiKey(row, now)) }, 200)
  })

  app.openapi(createKeyRoute, async (c) => {
    const input = c.req.valid("json")
    const now = deps.clock()
    const secret = generateApiKey()
    const row = await insertApiKey(db, {
      userId: c.var.principal.userId,
      name: input.name,
      hash: secret.hash,
      preview: secret.preview,
      expiresAt: input.expiry_days ? new Date(now.getTime() + input.expiry_days * DAY_MS) : null,
    })
    return c.json({ ...toApiKey(row, now), key: secret.key }, 201)
  })

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param")
    if (!(await revokeApiKey(db, c.var.principal.userId, id, deps.clock()))) {
      throw new ApiError(404, "not_found", "API key not found.")
    }
    return c.body(null, 204)
  })
}
