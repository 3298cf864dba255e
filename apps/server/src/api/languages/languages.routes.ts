import type { z } from "@hono/zod-openapi"
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  FORMALITY_LABELS,
  FORMALITY_OPTIONS,
  type Formality,
  formalityOptionsSchema,
  languageCustomStyleUpdateSchema,
  languageFormalityUpdateSchema,
  languageListSchema,
  ROLE_CAN,
  successSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv } from "../authenticate"
import { bearerAuth } from "../security"
import { listLanguages, updateLanguageSetting } from "./languages.repo"
import { errorResponse, idParam, jsonBody } from "../openapi-parts"

const listRoute = createRoute({
  method: "get",
  path: "/user/languages",
  tags: ["Languages"],
  summary: "The account's target languages",
  description:
    "The languages managed on the dashboard's Settings page, in the order they were added (by name within one batch), with each one's formality and custom style.",
  security: bearerAuth,
  responses: {
    200: {
      description: "The account's languages",
      content: { "application/json": { schema: languageListSchema } },
    },
    401: errorResponse("Missing or invalid credentials"),
  },
})

const formalityOptionsRoute = createRoute({
  method: "get",
  path: "/user/languages/formality-options",
  tags: ["Languages"],
  summary: "The tones a language or a request may take",
  description:
    "The values `formality` accepts on a language and on culturalize requests, least to most formal, with a label and what each means.",
  security: bearerAuth,
  responses: {
    200: {
      description: "The formality options",
      content: { "application/json": { schema: formalityOptionsSchema } },
    },
    401: errorResponse("Missing or invalid credentials"),
  },
})

const settingRoute = <S extends z.ZodType>(setting: "formality" | "custom-style", schema: S) =>
  createRoute({
    method: "patch",
    path: `/user/languages/{id}/${setting}`,
    tags: ["Languages"],
    summary:
      setting === "formality"
        ? "Set the tone culturalizations into a language take"
        : "Set style directions for a language",
    description:
      "Every culturalization into the language uses it unless the request says otherwise; null clears it. Owners and admins only.",
    security: bearerAuth,
    request: {
      params: idParam,
      body: jsonBody(schema),
    },
    responses: {
      200: { description: "Saved", content: { "application/json": { schema: successSchema } } },
      400: errorResponse("Invalid value (the message names it)"),
      401: errorResponse("Missing or invalid credentials"),
      403: errorResponse("Only owners and admins manage languages"),
      404: errorResponse("No such language in the account"),
    },
  })

const formalityWords = (value: string | null) =>
  value === null ? "the default" : FORMALITY_LABELS[value as Formality].toLowerCase()

export function languagesRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi(formalityOptionsRoute, (c) => c.json({ options: FORMALITY_OPTIONS }, 200))
  app.openapi(listRoute, async (c) =>
    c.json({ languages: await listLanguages(deps.database.db, c.var.principal.companyId) }, 200),
  )

  const update = async (
    principal: ApiEnv["Variables"]["principal"],
    id: string,
    change: { formality: string | null } | { custom_style: string | null },
  ) => {
    if (!ROLE_CAN.manageLanguages(principal.role))
      throw new ApiError(403, "forbidden", "Only owners and admins can change language settings.")
    await deps.database.db.transaction().execute(async (trx) => {
      const found = await updateLanguageSetting(trx, principal.companyId, id, change)
      if (!found) throw new ApiError(404, "not_found", "No such language in your account.")
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        // Same-named languages (French and French (Canada) as FR-CA) are told apart by their code.
        target: `${found.language} (${found.language_code})`,
        ...("formality" in change
          ? {
              action: "language.formality_changed" as const,
              details: {
                language_code: found.language_code,
                // The words the log shows; the stored value stays beside them for machines.
                formality: formalityWords(change.formality),
                value: change.formality,
              },
            }
          : {
              action: "language.custom_style_changed" as const,
              details: {
                language_code: found.language_code,
                cleared: change.custom_style === null,
              },
            }),
      })
    })
  }

  app.openapi(settingRoute("formality", languageFormalityUpdateSchema), async (c) => {
    await update(c.var.principal, c.req.valid("param").id, c.req.valid("json"))
    return c.json({ success: true as const }, 200)
  })
  app.openapi(settingRoute("custom-style", languageCustomStyleUpdateSchema), async (c) => {
    await update(c.var.principal, c.req.valid("param").id, c.req.valid("json"))
    return c.json({ success: true as const }, 200)
  })
}
