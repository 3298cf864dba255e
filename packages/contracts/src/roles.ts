/*
 * Roles without zod, so the dashboard's shell can ask what a role may do without loading the
 * contract schemas (the signed-in first load has a budget: npm run bench, scenario 5).
 */

/**
 * A company's roles, most powerful first. Owners do everything; admins invite and remove members
 * and admins, manage languages and style, see and revoke every API key and buy credits; members use
 * the Playground, Operations, Analytics, Plugins, translation memory and their own API keys, and
 * read Settings.
 */
export const MEMBER_ROLES = ["owner", "admin", "member"] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** What each role may do; the server enforces these and the dashboard hides what a role may not use. */
export const ROLE_CAN = {
  manageMembers: (role: MemberRole) => role === "owner" || role === "admin",
  /** Only owners make or unmake owners. */
  grantOwner: (role: MemberRole) => role === "owner",
  manageLanguages: (role: MemberRole) => role === "owner" || role === "admin",
  /** Style guides and the brand voice; every member reads them and edits translation memory. */
  manageStyle: (role: MemberRole) => role === "owner" || role === "admin",
  buyCredits: (role: MemberRole) => role === "owner" || role === "admin",
  /** The low-balance alert (Settings → Notifications); every member reads it. */
  manageNotifications: (role: MemberRole) => role === "owner" || role === "admin",
  seeAllApiKeys: (role: MemberRole) => role === "owner" || role === "admin",
  readAuditLog: (role: MemberRole) => role === "owner" || role === "admin",
  /** Webhook endpoints and their deliveries (Settings → Webhooks). */
  manageWebhooks: (role: MemberRole) => role === "owner" || role === "admin",
  /** Every member's connected apps; a member sees and revokes their own. */
  seeAllConnectedApps: (role: MemberRole) => role === "owner" || role === "admin",
} as const
