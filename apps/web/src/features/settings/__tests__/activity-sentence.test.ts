import { AUDIT_ACTIONS, type AuditEvent } from "@nativ/contracts"
import { describe, expect, it } from "vitest"

import { activitySentence } from "../lib/activity-sentence"

const event = (action: AuditEvent["action"], target: string | null, details = {}): AuditEvent => ({
  id: "1",
  actor_email: "owner@acme.test",
  action,
  target,
  details,
  created_at: "2026-11-24T10:00:00Z",
})

describe("activitySentence", () => {
  it("words every action the log records", () => {
    expect(activitySentence(event("member.invited", "bob@x.com", { role: "admin" }))).toBe(
      "invited bob@x.com as admin",
    )
    expect(activitySentence(event("member.joined", "bob@x.com"))).toBe("joined")
    expect(
      activitySentence(event("member.role_changed", "bob@x.com", { from: "member", to: "admin" })),
    ).toBe("changed bob@x.com's role to admin")
    expect(activitySentence(event("member.removed", "bob@x.com"))).toBe("removed bob@x.com")
    expect(activitySentence(event("member.declined", "bob@x.com"))).toBe("declined the invitation")
    expect(activitySentence(event("member.invitation_voided", "bob@x.com"))).toBe(
      "cancelled the invitation of bob@x.com: the address signed up for its own account",
    )
    expect(activitySentence(event("api_key.created", "Production"))).toBe(
      "created API key Production",
    )
    expect(activitySentence(event("api_key.revoked", "Production"))).toBe(
      "revoked API key Production",
    )
    expect(activitySentence(event("credits.purchased", null, { credits: 20000 }))).toBe(
      "bought 20,000 credits",
    )
    expect(activitySentence(event("language.added", "French"))).toBe("added language French")
    expect(activitySentence(event("language.deleted", "French"))).toBe("deleted language French")
    expect(activitySentence(event("password.changed", null))).toBe("changed their password")
    expect(activitySentence(event("two_factor.enabled", null))).toBe("enabled two-factor sign-in")
    expect(activitySentence(event("two_factor.removed", null))).toBe("removed two-factor sign-in")
    for (const action of AUDIT_ACTIONS)
      expect(activitySentence(event(action, "t")).length).toBeGreaterThan(3)
  })
})
