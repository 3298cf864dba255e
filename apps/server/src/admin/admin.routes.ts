import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { sql } from "kysely"
import { z } from "zod"

import { inviteMemberInputSchema, memberRoleSchema } from "@nativ/contracts"

import { ApiError } from "../api/api-error"
import { inviteIntoCompany } from "../api/members/invite-into-company"
import { requireServiceRole } from "../auth/authenticate"
import { AuthError } from "../auth/errors"
import { SeedError, seedDemo } from "../cli/seed-demo"
import type { AppDeps } from "../deps"
import { BODY_LIMITS, readJsonBody } from "../http/json-body"
import { bearerToken } from "../identity/bearer"

/**
 * /admin/v1: operator commands (`npm run nativ`) run by the server itself. An embedded database
 * is held by the one process that opened it, so while the server runs, a command for its data
 * directory asks the server instead. Only the service-role key passes.
 */
const inviteMemberSchema = z.strictObject({
  email: inviteMemberInputSchema.shape.email,
  company_id: z.uuid(),
  role: memberRoleSchema,
})

const seedDemoSchema = z.strictObject({
  email: z.string().min(1).max(320),
  operations: z.number().int().min(0).max(10_000_000),
  seed: z.number().int().min(-1_000_000_000).max(1_000_000_000),
})

export function adminRoutes(deps: AppDeps) {
  const app = new Hono()
  app.use(
    bodyLimit({ maxSize: BODY_LIMITS.admin, onError: (c) => c.json(error("Body too large"), 413) }),
  )
  app.use(async (c, next) => {
    try {
      await requireServiceRole(deps, bearerToken(c))
    } catch (e) {
      if (!(e instanceof AuthError)) throw e
      const status = e.status === 401 ? 401 : 403
      return c.json(error(e.message), status)
    }
    await next()
  })

  /** `invite EMAIL --company-id ID`: a member of an existing company, invited by the operator. */
  app.post("/invite-member", async (c) => {
    const parsed = await readInput(c, inviteMemberSchema)
    if (!parsed.ok) return c.json(error(parsed.message), 400)
    const { email, company_id: companyId, role } = parsed.data
    try {
      const memberId = await inviteIntoCompany(deps, { companyId, email, role, actorId: null })
      return c.json({ member_id: memberId }, 201)
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 409))
        return c.json(error(e.message), e.status)
      throw e
    }
  })

  app.post("/seed-demo", async (c) => {
    const parsed = await readInput(c, seedDemoSchema)
    if (!parsed.ok) return c.json(error(parsed.message), 400)
    try {
      const summary = await seedDemo(deps.database.db, parsed.data)
      // Index-only scans (exact counts) need the visibility map; planner statistics need analyze.
      await sql`vacuum (analyze) public.operations`.execute(deps.database.db).catch(() => undefined)
      return c.json(summary)
    } catch (e) {
      if (e instanceof SeedError) return c.json(error(e.message), 404)
      throw e
    }
  })
  return app
}

function error(message: string) {
  return { error: { message } }
}

async function readInput<T>(c: Parameters<typeof readJsonBody>[0], schema: z.ZodType<T>) {
  const body = await readJsonBody(c)
  if (!body.ok)
    return {
      ok: false as const,
      message:
        body.problem.kind === "unstorable" ? body.problem.message : "body: expected a JSON object",
    }
  const parsed = schema.safeParse(body.value)
  return parsed.success
    ? { ok: true as const, data: parsed.data }
    : { ok: false as const, message: describe(parsed.error) }
}

function describe(issues: z.ZodError) {
  return issues.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")
}
