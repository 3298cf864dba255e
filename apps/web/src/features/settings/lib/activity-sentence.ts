import type { AuditEvent } from "@nativ/contracts"

import { countOf } from "@/lib/format"

const text = (value: unknown) => (typeof value === "string" ? value : "")

/**
 * What an activity-log event says after its actor, in the dashboard's words (docs/teams.md):
 * "invited bob@x.com as member", "bought 20,000 credits", "added language French".
 */
export function activitySentence(event: AuditEvent): string {
  const target = event.target ?? ""
  const details = event.details
  switch (event.action) {
    case "member.invited":
      return `invited ${target} as ${text(details.role) || "member"}`
    case "member.joined":
      return "joined"
    case "member.role_changed":
      return `changed ${target}'s role to ${text(details.to)}`
    case "member.removed":
      return `removed ${target}`
    case "member.declined":
      return "declined the invitation"
    case "member.invitation_voided":
      return `cancelled the invitation of ${target}: the address signed up for its own account`
    case "api_key.created":
      return `created API key ${target}`
    case "api_key.revoked":
      return `revoked API key ${target}`
    case "api_key.cap_changed":
      return typeof details.to === "number"
        ? `set the monthly cap of API key ${target} to ${countOf(details.to, "credit")}`
        : `removed the monthly cap of API key ${target}`
    case "credits.purchased":
      return typeof details.credits === "number"
        ? `bought ${countOf(details.credits, "credit")}`
        : "bought credits"
    case "language.added":
      return `added language ${target}`
    case "language.deleted":
      return `deleted language ${target}`
    case "password.changed":
      return "changed their password"
    case "two_factor.enabled":
      return "enabled two-factor sign-in"
    case "two_factor.removed":
      return "removed two-factor sign-in"
    case "two_factor.recovery_codes_created":
      return "created new two-factor recovery codes"
    case "two_factor.recovery_code_used":
      return "signed in with a two-factor recovery code"
    case "low_balance_alert.changed":
      return typeof details.threshold === "number"
        ? `set the low-balance alert to ${countOf(details.threshold, "credit")}`
        : "turned off the low-balance alert"
    case "webhook.created":
      return `added webhook endpoint ${target}`
    case "webhook.updated":
      return `changed webhook endpoint ${target}`
    case "webhook.deleted":
      return `deleted webhook endpoint ${target}`
    case "connected_app.approved":
      return `connected the app ${target}`
    case "glossary.created":
      return `created glossary ${target}`
    case "glossary.updated":
      return `changed glossary ${target}`
    case "glossary.deleted":
      return `deleted glossary ${target}`
    case "glossary.entries_changed":
      return `edited the entries of glossary ${target}`
    case "style_guide.created":
      return `added style guide ${target}`
    case "style_guide.updated":
      return `changed style guide ${target}`
    case "style_guide.deleted":
      return `deleted style guide ${target}`
    case "brand_voice.changed":
      return details.cleared === true ? "cleared the brand voice" : "changed the brand voice"
    case "language.formality_changed":
      return text(details.formality)
        ? `set the formality of ${target} to ${text(details.formality)}`
        : `changed the formality of ${target}`
    case "language.custom_style_changed":
      return `changed the custom style of ${target}`
    case "memory.imported":
      return typeof details.added === "number"
        ? `imported ${countOf(details.added, "translation memory entry", "translation memory entries")}`
        : "imported translation memory entries"
    case "settings.request_texts_changed":
      return details.enabled === true
        ? "turned on keeping request texts for 30 days"
        : "turned off keeping request texts"
    case "connected_app.revoked":
      return text(details.member_email)
        ? `disconnected the app ${target} of ${text(details.member_email)}`
        : `disconnected the app ${target}`
  }
}
