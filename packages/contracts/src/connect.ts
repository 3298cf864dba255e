import { z } from "zod"

/**
 * Connect: other software (design-tool plugins, the CLI, AI assistants) acting for a company
 * through OAuth 2.1. A person approves an app on the dashboard's /connect (authorization code) or
 * /activate (device code) page; the app then holds tokens limited to the scopes approved.
 */

/** The scopes an app may ask for, few and plain. */
export const OAUTH_SCOPES = ["translate", "read", "manage", "offline_access"] as const
export type OAuthScope = (typeof OAUTH_SCOPES)[number]

/** What each scope lets an app do, as the consent screen and Connected apps say it. */
export const OAUTH_SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  translate:
    "Culturalize text, files and images, and read your translation memory, paid with your company's credits",
  read: "See your languages, usage and operations",
  manage: "Change your glossaries, translation memory and style guides",
  offline_access: "Stay connected until you revoke it, instead of for an hour",
}

/** Only owners and admins may let an app change the company's glossaries, memory and style. */
export const SCOPES_FOR_ADMINS: readonly OAuthScope[] = ["manage"]

export const oauthScopeSchema = z.enum(OAUTH_SCOPES)

/** The request a person is asked to approve: which app, what it may do, for which company. */
export const consentDetailsSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    /** The app's home page, when it registered one. */
    uri: z.string().nullable(),
  }),
  /** The scopes the app asked for, in OAUTH_SCOPES order. */
  scopes: z.array(oauthScopeSchema),
  company: z.object({ name: z.string() }),
  member: z.object({ email: z.string(), role: z.enum(["owner", "admin", "member"]) }),
  /** False for members: `manage` cannot be granted and is shown as unavailable. */
  can_grant_manage: z.boolean(),
})
export type ConsentDetails = z.infer<typeof consentDetailsSchema>

export const approveConsentInputSchema = z.object({
  /** The scopes approved: a subset of those asked for (a person may leave some out). */
  scopes: z.array(oauthScopeSchema).min(1, { error: "Choose at least one permission" }),
})
export type ApproveConsentInput = z.infer<typeof approveConsentInputSchema>

/** Where the browser goes next: back to the app's redirect URI, with a code or an error. */
export const consentRedirectSchema = z.object({ redirect_to: z.string() })

/** The code a device shows (e.g. "WDJB-MJHT"); case, spaces and dashes do not matter. */
export const userCodeInputSchema = z.object({
  user_code: z
    .string({ error: "Enter the code the app shows" })
    .trim()
    .min(1, { error: "Enter the code the app shows" })
    .max(32, { error: "That code is too long: check the code the app shows" }),
})
export type UserCodeInput = z.infer<typeof userCodeInputSchema>

export const approveDeviceInputSchema = userCodeInputSchema.extend(approveConsentInputSchema.shape)
export type ApproveDeviceInput = z.infer<typeof approveDeviceInputSchema>

export const deviceDecisionSchema = z.object({ status: z.enum(["approved", "denied"]) })

export const connectedAppSchema = z.object({
  /** The grant's id: revoking it ends every token the app holds from this approval. */
  id: z.string(),
  client_id: z.string(),
  name: z.string(),
  approved_by: z.object({ email: z.string() }).nullable(),
  scopes: z.array(oauthScopeSchema),
  approved_at: z.string(),
  last_used_at: z.string().nullable(),
})
export type ConnectedApp = z.infer<typeof connectedAppSchema>

export const connectedAppListSchema = z.object({ connected_apps: z.array(connectedAppSchema) })
export type ConnectedAppList = z.infer<typeof connectedAppListSchema>
