import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import {
  brandVoiceSchema,
  brandVoiceUpdateSchema,
  combinedStyleSchema,
  ROLE_CAN,
  STYLE_GUIDES_MAX,
  styleGuideCreateSchema,
  styleGuideListSchema,
  styleGuideSchema,
  styleGuideUpdateSchema,
  successSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { Db } from "../../db/schema"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv, Principal } from "../authenticate"
import { errorResponse, idParam, jsonBody, jsonResponse } from "../openapi-parts"
import { bearerAuth } from "../security"
import {
  countGuides,
  createGuide,
  deleteGuide,
  listGuides,
  readBrandVoice,
  readCombinedStyle,
  updateGuide,
  writeBrandVoice,
} from "./style.repo"

const json = jsonResponse
const error = errorResponse
const TAGS = ["Style"]
const body = jsonBody
const notFound = () => new ApiError(404, "not_found", "No such style guide in your account.")

function requireStyleManager(principal: Principal) {
  if (!ROLE_CAN.manageStyle(principal.role))
    throw new ApiError(403, "forbidden", "Only owners and admins can change the style settings.")
}

/** A guide's event names it by its title; its id stays in the details, as titles change. */
const audit = (
  trx: Db,
  principal: Principal,
  action: "style_guide.created" | "style_guide.updated" | "style_guide.deleted",
  guide: { id: string; title: string },
  details: Record<string, unknown> = {},
) =>
  recordAuditEvent(trx, {
    companyId: principal.companyId,
    actorId: principal.authUserId,
    action,
    target: guide.title,
    details: { guide_id: guide.id, ...details },
  })

const routes = {
  list: createRoute({
    method: "get",
    path: "/style-guide",
    tags: TAGS,
    summary: "The company's style guides",
    security: bearerAuth,
    responses: {
      200: json("Every guide, in order", styleGuideListSchema),
      401: error("Missing or invalid credentials"),
    },
  }),
  create: createRoute({
    method: "post",
    path: "/style-guide",
    tags: TAGS,
    summary: "Add a style guide",
    description: `Enabled guides go into every model call. At most ${STYLE_GUIDES_MAX} guides; owners and admins only.`,
    security: bearerAuth,
    request: { body: body(styleGuideCreateSchema) },
    responses: {
      201: json("The new guide", styleGuideSchema),
      400: error("Invalid input (the message names it)"),
      401: error("Missing or invalid credentials"),
      403: error("Only owners and admins change the style settings"),
    },
  }),
  prompt: createRoute({
    method: "get",
    path: "/style-guide/prompt",
    tags: TAGS,
    summary: "The brand voice",
    security: bearerAuth,
    responses: {
      200: json("The brand voice, if any", brandVoiceSchema),
      401: error("Missing or invalid credentials"),
    },
  }),
  setPrompt: createRoute({
    method: "put",
    path: "/style-guide/prompt",
    tags: TAGS,
    summary: "Set the brand voice",
    description:
      "How the company sounds in every language; null or an empty text removes it. Owners and admins only.",
    security: bearerAuth,
    request: { body: body(brandVoiceUpdateSchema) },
    responses: {
      200: json("The brand voice as saved", brandVoiceSchema),
      400: error("Invalid input"),
      401: error("Missing or invalid credentials"),
      403: error("Only owners and admins change the style settings"),
    },
  }),
  combined: createRoute({
    method: "get",
    path: "/style-guide/combined",
    tags: TAGS,
    summary: "What every model call is told about style",
    security: bearerAuth,
    responses: {
      200: json("The brand voice and enabled guides, combined", combinedStyleSchema),
      401: error("Missing or invalid credentials"),
    },
  }),
  update: createRoute({
    method: "put",
    path: "/style-guide/{id}",
    tags: TAGS,
    summary: "Change a style guide",
    security: bearerAuth,
    request: { params: idParam, body: body(styleGuideUpdateSchema) },
    responses: {
      200: json("The guide as saved", styleGuideSchema),
      400: error("Invalid input"),
      401: error("Missing or invalid credentials"),
      403: error("Only owners and admins change the style settings"),
      404: error("No such guide in the account"),
    },
  }),
  remove: createRoute({
    method: "delete",
    path: "/style-guide/{id}",
    tags: TAGS,
    summary: "Delete a style guide",
    security: bearerAuth,
    request: { params: idParam },
    responses: {
      200: json("Deleted", successSchema),
      401: error("Missing or invalid credentials"),
      403: error("Only owners and admins change the style settings"),
      404: error("No such guide in the account"),
    },
  }),
}

/** Style guides and the brand voice (Nativ's /style-guide API). */
export function styleRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  app.openapi(routes.list, async (c) =>
    c.json({ guides: await listGuides(db, c.var.principal.companyId) }, 200),
  )
  app.openapi(routes.create, async (c) => {
    const { principal } = c.var
    requireStyleManager(principal)
    if ((await countGuides(db, principal.companyId)) >= STYLE_GUIDES_MAX)
      throw new ApiError(
        400,
        "invalid_request",
        `A company can have at most ${STYLE_GUIDES_MAX} style guides. Delete or merge one first.`,
      )
    const guide = await db.transaction().execute(async (trx) => {
      const created = await createGuide(trx, principal.companyId, c.req.valid("json"))
      await audit(trx, principal, "style_guide.created", created)
      return created
    })
    return c.json(guide, 201)
  })
  app.openapi(routes.prompt, async (c) => {
    const prompt = await readBrandVoice(db, c.var.principal.companyId)
    return c.json({ prompt, exists: prompt !== null }, 200)
  })
  app.openapi(routes.setPrompt, async (c) => {
    const { principal } = c.var
    requireStyleManager(principal)
    const { prompt } = c.req.valid("json")
    await db.transaction().execute(async (trx) => {
      await writeBrandVoice(trx, principal.companyId, prompt)
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "brand_voice.changed",
        target: null,
        details: { cleared: prompt === null },
      })
    })
    return c.json({ prompt, exists: prompt !== null }, 200)
  })
  app.openapi(routes.combined, async (c) =>
    c.json(await readCombinedStyle(db, c.var.principal.companyId), 200),
  )
  app.openapi(routes.update, async (c) => {
    const { principal } = c.var
    requireStyleManager(principal)
    const guide = await db.transaction().execute(async (trx) => {
      const change = c.req.valid("json")
      const updated = await updateGuide(trx, principal.companyId, c.req.valid("param").id, change)
      if (!updated) throw notFound()
      await audit(trx, principal, "style_guide.updated", updated, { changed: Object.keys(change) })
      return updated
    })
    return c.json(guide, 200)
  })
  app.openapi(routes.remove, async (c) => {
    const { principal } = c.var
    requireStyleManager(principal)
    await db.transaction().execute(async (trx) => {
      const deleted = await deleteGuide(trx, principal.companyId, c.req.valid("param").id)
      if (!deleted) throw notFound()
      await audit(trx, principal, "style_guide.deleted", deleted)
    })
    return c.json({ success: true as const }, 200)
  })
}
