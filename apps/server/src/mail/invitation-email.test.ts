import type { Member } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import { invite } from "../api/members/members-test-kit"
import { lastMailTo, mailsTo, uniqueEmail } from "../auth/test-kit"
import type { TestApp } from "../testing/test-app"
import { invitationEmail } from "./invitation-email"

const input = {
  to: "bob@example.test",
  companyName: "Acme <GmbH>",
  role: "admin" as const,
  inviter: "alice@acme.test",
  link: "https://nativ.test/auth/v1/verify?token=t&type=invite",
  declineLink: "https://nativ.test/decline-invitation?token=d",
  expiresAt: new Date("2026-12-03T15:00:00Z"),
}

describe("the invitation email", () => {
  it("names the inviter, the company and the role in the subject and the body", () => {
    const mail = invitationEmail(input)
    expect(mail.subject).toBe(
      "alice@acme.test invited you to join Acme <GmbH> on Nativ as an admin",
    )
    expect(mail.text).toContain(
      "alice@acme.test invited you to join Acme <GmbH> on Nativ as an admin.",
    )
    expect(mail.text).toContain("Admins invite members")
    expect(mail.html).toContain("Acme &lt;GmbH&gt;")
    expect(mail.html).not.toContain("Acme <GmbH>")
  })

  it("says when the link expires and whom to ask for a new one", () => {
    const mail = invitationEmail(input)
    expect(mail.text).toContain(
      "This invitation expires on December 3, 2026 at 3:00 PM UTC. It is valid for 7 days; after that, ask alice@acme.test to send it again.",
    )
  })

  it("carries the accept and decline links and no code", () => {
    const mail = invitationEmail(input)
    expect(mail.text).toContain(`Accept the invitation: ${input.link}`)
    expect(mail.text).toContain(`Decline the invitation: ${input.declineLink}`)
    expect(mail.text).not.toMatch(/code/i)
    expect(mail.html).not.toMatch(/code/i)
  })

  it("names the operator when no member invited", () => {
    const mail = invitationEmail({ ...input, inviter: null, role: "member" })
    expect(mail.subject).toBe(
      "The Nativ operator invited you to join Acme <GmbH> on Nativ as a member",
    )
    expect(mail.text).toContain("ask whoever invited you to send it again")
  })
})

describe("an invitation sent from the Members tab", () => {
  let app: TestApp
  let owner: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  it("names the owner who invited, and so does a resend by them", async () => {
    const email = uniqueEmail("named")
    const row = await invite(app, owner, email, "member")
    const mail = await lastMailTo(app, email)
    expect(mail.subject).toMatch(
      new RegExp(
        `^${owner.email.replace(/[.+]/g, "\\$&")} invited you to join .+ on Nativ as a member$`,
      ),
    )
    expect(mail.text).not.toMatch(/enter this code/i)
    const resent = await callApi<Member>(app, `/members/${row.id}/resend`, {
      method: "POST",
      token: owner.token,
    })
    expect(resent.status).toBe(200)
    const mails = await mailsTo(app, email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.subject).toBe(mail.subject)
  })
})
