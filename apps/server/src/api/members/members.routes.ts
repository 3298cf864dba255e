import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  accountSchema,
  auditLogQuerySchema,
  auditLogSchema,
  inviteMemberInputSchema,
  memberListSchema,
  memberSchema,
  ROLE_CAN,
  updateMemberInputSchema,
} from "@nativ/contracts"

import { recordAuditEvent } from "../../audit/record"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import { revokeKeysCreatedBy } from "../api-keys/api-keys.repo"
import type { ApiEnv } from "../authenticate"
import { bearerAuth, sessionAuth } from "../security"
import { inviteIntoCompany, resendCompanyInvitation } from "./invite-into-company"
import { checkMemberChange, type MemberChange } from "./member-rules"
import {
  countOwnersForUpdate,
  deleteMemberLogin,
  findCompany,
  findMember,
  findMemberForUpdate,
  listAuditEvents,
  listMembers,
  setMemberRole,
  toMember,
} from "./members.repo"
import { errorResponse } from "../openapi-parts"

const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
})
const memberParams = z.object({ id: z.uuid({ error: "The member id must be a UUID" }) })
const unauthorized = errorResponse("Missing or invalid credentials")

const accountRoute = createRoute({
  method: "get",
  path: "/account",
  tags: ["Account"],
  summary: "The caller's company: its name, its one balance, and the caller's role in it",
  security: bearerAuth,
  responses: { 200: json(accountSchema, "The company"), 401: unauthorized },
})

const listRoute = createRoute({
  method: "get",
  path: "/members",
  tags: ["Members"],
  summary: "Everyone in the company, with role and status (any member may list)",
  security: bearerAuth,
  responses: {
    200: json(memberListSchema, "Owners, then admins, then members"),
    401: unauthorized,
  },
})

const inviteRoute = createRoute({
  method: "post",
  path: "/members",
  tags: ["Members"],
  summary: "Invite a colleague by email (owners and admins)",
  description:
    "Sends an invitation email; its link sets a password and opens this company's dashboard. The invitation is pending for seven days (`invitation_expires_at`) and binds nobody until accepted: the invitee may decline it from the email, or sign up their own company, which voids it. Only owners may invite owners.",
  security: sessionAuth,
  request: {
    body: { required: true, content: { "application/json": { schema: inviteMemberInputSchema } } },
  },
  responses: {
    201: json(memberSchema, "The invited member"),
    400: errorResponse("Invalid email or role"),
    401: unauthorized,
    403: errorResponse("Your role may not invite, or may not grant this role"),
    409: errorResponse("The email already belongs to a company on Nativ"),
  },
})

const updateRoute = createRoute({
  method: "patch",
  path: "/members/{id}",
  tags: ["Members"],
  summary: "Change a member's role (owners and admins; only owners make or unmake owners)",
  security: sessionAuth,
  request: {
    params: memberParams,
    body: { required: true, content: { "application/json": { schema: updateMemberInputSchema } } },
  },
  responses: {
    200: json(memberSchema, "The member with their new role"),
    400: errorResponse("Invalid role"),
    401: unauthorized,
    403: errorResponse("Your role may not make this change"),
    404: errorResponse("No such member in your company"),
    409: errorResponse("The company's last owner cannot be demoted"),
  },
})

const removeRoute = createRoute({
  method: "delete",
  path: "/members/{id}",
  tags: ["Members"],
  summary: "Remove a member: their sessions end and the API keys they created are revoked",
  security: sessionAuth,
  request: { params: memberParams },
  responses: {
    204: { description: "Removed" },
    401: unauthorized,
    403: errorResponse("Your role may not remove this member"),
    404: errorResponse("No such member in your company"),
    409: errorResponse("The company's last owner cannot be removed"),
  },
})

const resendRoute = createRoute({
  method: "post",
  path: "/members/{id}/resend",
  tags: ["Members"],
  summary:
    "Send a pending invitation again, with a new link and seven more days (also once expired)",
  security: sessionAuth,
  request: { params: memberParams },
  responses: {
    200: json(memberSchema, "The invited member"),
    401: unauthorized,
    403: errorResponse("Your role may not invite"),
    404: errorResponse("No such member in your company"),
    409: errorResponse("The member has already joined"),
  },
})

const auditLogRoute = createRoute({
  method: "get",
  path: "/audit-log",
  tags: ["Members"],
  summary: "The company's activity log, newest first (owners and admins)",
  description:
    "Append-only: events cannot be changed or deleted through any API. Page with `before` = the previous page's `next_before`, keeping the same `action` and `member` filters.",
  security: bearerAuth,
  request: { query: auditLogQuerySchema },
  responses: {
    200: json(auditLogSchema, "A page of events"),
    400: errorResponse("Invalid limit, before, action or member (the message names it)"),
    401: unauthorized,
    403: errorResponse("Only owners and admins read the activity log"),
  },
})

const memberNotFound = () => new ApiError(404, "not_found", "Member not found.")
/**
 * /api/v1/account, /members and /audit-log: a company's people and their roles. The rules of who
 * may do what are `ROLE_CAN` (shared with the dashboard) and `member-rules.ts`; every change is
 * recorded in the activity log in its own transaction.
 */
export function membersRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database

  app.openapi(accountRoute, async (c) => {
    const { principal } = c.var
    const company = await findCompany(db, principal.companyId)
    if (!company) throw new ApiError(404, "not_found", "Company not found.")
    return c.json(
      {
        ...company,
        role: principal.role,
        member_id: principal.memberId ?? "",
        member_email: principal.memberEmail,
      },
      200,
    )
  })

  app.openapi(listRoute, async (c) => {
    const rows = await listMembers(db, c.var.principal.companyId)
    return c.json({ members: rows.map(toMember) }, 200)
  })

  app.openapi(inviteRoute, async (c) => {
    const { principal } = c.var
    const { email, role } = c.req.valid("json")
    checkMemberChange(principal, { kind: "invite", role })
    const memberId = await inviteIntoCompany(deps, {
      companyId: principal.companyId,
      email,
      role,
      actorId: principal.authUserId,
    })
    const member = await findMember(db, principal.companyId, memberId)
    if (!member) throw memberNotFound()
    return c.json(toMember(member), 201)
  })

  app.openapi(updateRoute, async (c) => {
    const { principal } = c.var
    const { id } = c.req.valid("param")
    const { role } = c.req.valid("json")
    const updated = await db.transaction().execute(async (trx) => {
      const member = await findMemberForUpdate(trx, principal.companyId, id)
      if (!member) throw memberNotFound()
      const change: MemberChange = { kind: "role", from: member.role, role }
      checkMemberChange(principal, change, await ownersIf(trx, principal.companyId, member.role))
      if (member.role === role) return member
      await setMemberRole(trx, member.id, role)
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "member.role_changed",
        target: member.email,
        details: { from: member.role, to: role },
      })
      return { ...member, role }
    })
    return c.json(toMember(updated), 200)
  })

  app.openapi(removeRoute, async (c) => {
    const { principal } = c.var
    const { id } = c.req.valid("param")
    await db.transaction().execute(async (trx) => {
      const member = await findMemberForUpdate(trx, principal.companyId, id)
      if (!member) throw memberNotFound()
      checkMemberChange(
        principal,
        { kind: "remove", from: member.role },
        await ownersIf(trx, principal.companyId, member.role),
      )
      const revokedKeys = await revokeKeysCreatedBy(trx, member.id, deps.clock())
      await recordAuditEvent(trx, {
        companyId: principal.companyId,
        actorId: principal.authUserId,
        action: "member.removed",
        target: member.email,
        details: { role: member.role, revoked_api_keys: revokedKeys },
      })
      await deleteMemberLogin(trx, member)
    })
    return c.body(null, 204)
  })

  app.openapi(resendRoute, async (c) => {
    const { principal } = c.var
    const { id } = c.req.valid("param")
    const member = await findMember(db, principal.companyId, id)
    if (!member) throw memberNotFound()
    checkMemberChange(principal, { kind: "invite", role: member.role })
    if (member.joined_at)
      throw new ApiError(409, "already_joined", `${member.email} has already joined.`)
    await resendCompanyInvitation(deps, principal.companyId, member, principal.authUserId)
    const again = await findMember(db, principal.companyId, id)
    return c.json(toMember(again ?? member), 200)
  })

  app.openapi(auditLogRoute, async (c) => {
    const { principal } = c.var
    if (!ROLE_CAN.readAuditLog(principal.role))
      throw new ApiError(403, "forbidden", "Only owners and admins can read the activity log.")
    return c.json(await listAuditEvents(db, principal.companyId, c.req.valid("query")), 200)
  })
}

/** The owner count matters only when the change touches an owner. */
async function ownersIf(
  trx: Parameters<typeof countOwnersForUpdate>[0],
  companyId: string,
  role: string,
) {
  return role === "owner" ? countOwnersForUpdate(trx, companyId) : Infinity
}
