import type { OpenAPIHono } from "@hono/zod-openapi"
import { createRoute, z } from "@hono/zod-openapi"
import { apiKeyListSchema, createApiKeyInputSchema, createdApiKeySchema } from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { bearerAuth, sessionAuth } from "../security"
import { apiKeyCapRoutes } from "./api-key-cap.routes"
import { generateApiKey } from "./api-key-secret"
import { insertApiKey, listApiKeys, revokeApiKey, toApiKey } from "./api-keys.repo"
import { keyScope } from "./key-scope"
import { errorResponse } from "../openapi-parts"

/**
 * Creating a key needs a signed-in session, so a leaked key cannot mint more. Listing and revoking
 * also work with a key, as Nativ's API and Postman collection do them: a key sees and revokes what
 * its creator could (keyScope), and revoking is how a leak is stopped.
 */
const security = sessionAuth
const keyOrSession = bearerAuth

const listRoute = createRoute({
  method: "get",
  path: "/api-keys",
  tags: ["API keys"],
  summary:
    "List the API keys: the whole company's for owners and admins, a member's own for members",
  description: "With an API key, the keys its creator would see. Never returns a secret.",
  security: keyOrSession,
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
    400: errorResponse("Invalid name, expiry or monthly_credit_cap"),
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse(
      "Called with an API key, two-factor authentication is on and the session is not verified (aal2), or the caller was removed from the company meanwhile (`not_a_member`)",
    ),
  },
})

const revokeRoute = createRoute({
  method: "delete",
  path: "/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  description:
    "With a session or an API key; a key revokes what its creator could (any of the company's keys for owners and admins, their own for members), itself included.",
  security: keyOrSession,
  request: { params: z.object({ id: z.uuid({ error: "The key id must be a UUID" }) }) },
  responses: {
    204: { description: "Revoked; requests with the key are refused from now on" },
    401: errorResponse("Missing or invalid credentials"),
    403: errorResponse(
      "Two-factor authentication is on and the session is not verified (aal2), or the caller was removed from the company meanwhile",
    ),
    404: errorResponse("No such key on this account"),
  },
})

const DAY_MS = 24 * 3600 * 1000

export function apiKeysRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(listRoute, async (c) => {
    const now = deps.clock()
    const rows = await listApiKeys(db, keyScope(c.var.principal))
    return c.json({ api_keys: rows.map((row) => toApiKey(row, now)) }, 200)
  })

  app.openapi(createKeyRoute, async (c) => {
    const input = c.req.valid("json")
    const now = deps.clock()
    const secret = generateApiKey()
    const { principal } = c.var
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertApiKey(trx, {
        companyId: principal.companyId,
        createdBy: principal.memberId,
        createdByEmail: principal.memberEmail,
        name: input.name,
        hash: secret.hash,
        preview: secret.preview,
        expiresAt: input.expiry_days ? new Date(now.getTime() + input.expiry_days * DAY_MS) : null,
        monthlyCreditCap: input.monthly_credit_cap ?? null,
      })
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "api_key.created",
        target: created.name,
        details: {
          key_id: created.id,
          key_preview: created.key_preview,
          ...(input.monthly_credit_cap ? { monthly_credit_cap: input.monthly_credit_cap } : {}),
        },
      })
      return created
    })
    return c.json({ ...toApiKey(row, now), key: secret.key }, 201)
  })

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param")
    const { principal } = c.var
    await db.transaction().execute(async (trx) => {
      const name = await revokeApiKey(trx, keyScope(principal), id, deps.clock())
      if (name === null) throw new ApiError(404, "not_found", "API key not found.")
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "api_key.revoked",
        target: name,
        details: { key_id: id },
      })
    })
    return c.body(null, 204)
  })

  apiKeyCapRoutes(deps, app)
}
