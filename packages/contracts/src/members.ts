import { z } from "zod"

import { MEMBER_ROLES } from "./roles"
import { refuseUnstorable } from "./storable"

export { MEMBER_ROLES, type MemberRole, ROLE_CAN } from "./roles"

export const memberRoleSchema = z.enum(MEMBER_ROLES, {
  error: "role must be one of owner, admin or member",
})

export const accountSchema = z.object({
  id: z.string().describe("The company's id (the `users` row)."),
  name: z.string().nullable().describe("The company name."),
  credits: z.number().int().describe("The company's one balance, shared by its members."),
  role: memberRoleSchema,
  member_id: z.string().describe("The caller's member id (the `end_users` row)."),
  member_email: z
    .string()
    .nullable()
    .describe(
      "The caller's email: the signed-in person, the person who approved an app, or the creator of an API key (null when that person has left).",
    ),
})
export type Account = z.infer<typeof accountSchema>

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  status: z.enum(["invited", "active"]),
  invited_at: z.string().nullable(),
  joined_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  invitation_expires_at: z
    .string()
    .nullable()
    .describe(
      "While the invitation is pending: when its link stops working (seven days after it was sent or resent). Null once joined.",
    ),
})
export type Member = z.infer<typeof memberSchema>

export const declineInvitationInputSchema = z
  .object({
    token: z
      .string({ error: "token is required" })
      .min(1, "token is required")
      .max(512, "token is too long"),
  })
  .superRefine(refuseUnstorable)
export type DeclineInvitationInput = z.infer<typeof declineInvitationInputSchema>

export const declinedInvitationSchema = z.object({
  email: z.string().describe("The invited address, now free of the invitation."),
  company_name: z.string().nullable().describe("The company whose invitation was declined."),
})
export type DeclinedInvitation = z.infer<typeof declinedInvitationSchema>

export const memberListSchema = z.object({ members: z.array(memberSchema) })
export type MemberList = z.infer<typeof memberListSchema>

export const inviteMemberInputSchema = z
  .object({
    email: z
      .string({ error: "Please enter an email address" })
      .trim()
      .toLowerCase()
      .min(1, "Please enter an email address")
      .max(255, "The email address is too long")
      .pipe(z.email({ error: "Please enter a valid email address" })),
    role: memberRoleSchema,
  })
  .superRefine(refuseUnstorable)
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>

export const updateMemberInputSchema = z.object({ role: memberRoleSchema })
export type UpdateMemberInput = z.infer<typeof updateMemberInputSchema>

export const AUDIT_ACTIONS = [
  "member.invited",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.declined",
  "member.invitation_voided",
  "api_key.created",
  "api_key.revoked",
  "api_key.cap_changed",
  "credits.purchased",
  "language.added",
  "language.deleted",
  "password.changed",
  "two_factor.enabled",
  "two_factor.removed",
  "two_factor.recovery_codes_created",
  "two_factor.recovery_code_used",
  "low_balance_alert.changed",
  "connected_app.approved",
  "connected_app.revoked",
  "glossary.created",
  "glossary.updated",
  "glossary.deleted",
  "glossary.entries_changed",
  "style_guide.created",
  "style_guide.updated",
  "style_guide.deleted",
  "brand_voice.changed",
  "language.formality_changed",
  "language.custom_style_changed",
  "memory.imported",
  "settings.request_texts_changed",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What /audit-log's `action` filter accepts: each action, and each kind (the part before the dot). */
const AUDIT_ACTION_FILTERS: ReadonlySet<string> = new Set([
  ...AUDIT_ACTIONS,
  ...AUDIT_ACTIONS.map((action) => action.split(".")[0]!),
])

export const auditEventSchema = z.object({
  id: z.string().describe("Opaque; pass the last one as `before` for the next page."),
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

export const AUDIT_LOG_PAGE_DEFAULT = 50
export const AUDIT_LOG_PAGE_MAX = 200

export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(AUDIT_LOG_PAGE_MAX, `limit must be at most ${AUDIT_LOG_PAGE_MAX}`)
    .default(AUDIT_LOG_PAGE_DEFAULT),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, "before must be an event id from a previous page")
    .optional(),
  action: z
    .string()
    .max(1000, "action is too long")
    .transform((value) => [...new Set(value.split(",").map((part) => part.trim()))])
    .refine(
      (parts) => parts.every((part) => AUDIT_ACTION_FILTERS.has(part)),
      "action must be one or more actions or kinds of action (e.g. style_guide.created or style_guide), separated by commas",
    )
    .optional()
    .describe(
      "Only these actions, comma separated; a kind (the part before the dot, e.g. `style_guide`) stands for all of its actions.",
    ),
  member: z
    .uuid({ error: "member must be a member id from /members" })
    .optional()
    .describe("Only what this member did (their id from /members)."),
})
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>

export const auditLogSchema = z.object({
  events: z.array(auditEventSchema),
  next_before: z
    .string()
    .nullable()
    .describe("Pass as `before` for the next (older) page; null on the last page."),
})
export type AuditLog = z.infer<typeof auditLogSchema>
