import type { Account, AuditLog, DeclinedInvitation, Member, MemberList } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  createConfirmedAccount,
  lastMailTo,
  linkOf,
  mailsTo,
  signedInClient,
  uniqueEmail,
} from "../../auth/test-kit"
import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "./members-test-kit"

/**
 * An invitation into a company is pending until accepted and binds nobody meanwhile: the address
 * can sign up its own company (voiding it), a magic link never opens the inviting company, the
 * invitee can decline from the email without signing in, and it expires after seven days.
 */
describe("pending invitations", () => {
  let app: TestApp
  let owner: ApiUser
  const DAY = 24 * 3_600_000

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  const members = async () =>
    (await callApi<MemberList>(app, "/members", { token: owner.token })).body.members
  const log = async () =>
    (await callApi<AuditLog>(app, "/audit-log", { token: owner.token })).body.events
  const declineLinkOf = async (email: string) => {
    const link = /Decline the invitation: (\S+)/.exec((await lastMailTo(app, email)).text)?.[1]
    expect(link).toBeDefined()
    return new URL(link!)
  }
  const decline = (token: unknown) =>
    callApi<DeclinedInvitation>(app, "/invitations/decline", { body: { token } })
  const acceptToken = async (email: string) =>
    linkOf(await lastMailTo(app, email)).searchParams.get("token")!

  it("says when it expires, in the email and on the Members list, and offers to decline", async () => {
    const email = uniqueEmail("expiry")
    const before = Date.now()
    const row = await invite(app, owner, email, "admin")
    const expires = Date.parse(row.invitation_expires_at!)
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1_000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1_000)
    const mail = await lastMailTo(app, email)
    expect(mail.text).toMatch(/join .+ on Nativ as an admin/)
    expect(mail.text).toMatch(/This invitation expires on \w+ \d{1,2}, \d{4} at .+ UTC\./)
    expect((await declineLinkOf(email)).pathname).toBe("/decline-invitation")
    expect((await members()).find((m) => m.email === email)?.invitation_expires_at).toBe(
      row.invitation_expires_at,
    )
    const joined = await accept(app, email)
    const after = (await members()).find((m) => m.email === joined.email)!
    expect(after).toMatchObject({ status: "active", invitation_expires_at: null })
  })

  it("lets the invited address sign up its own company, which voids the invitation", async () => {
    const email = uniqueEmail("squatted")
    await invite(app, owner, email, "member")
    const oldLink = await acceptToken(email)
    const client = app.client()
    const signedUp = await client.auth.signUp({
      email,
      password: "their own secret 9",
      options: { data: { company_name: "Their Own Co" } },
    })
    expect(signedUp.error).toBeNull()
    expect(signedUp.data.user?.identities).toHaveLength(1)
    expect((await members()).map((m) => m.email)).not.toContain(email)
    expect(await log()).toContainEqual(
      expect.objectContaining({
        action: "member.invitation_voided",
        target: email,
        actor_email: null,
      }),
    )
    const confirmed = await client.auth.verifyOtp({
      token_hash: linkOf(await lastMailTo(app, email)).searchParams.get("token_hash")!,
      type: "email",
    })
    expect(confirmed.error).toBeNull()
    const account = await callApi<Account>(app, "/account", {
      token: confirmed.data.session!.access_token,
    })
    expect(account.body).toMatchObject({ name: "Their Own Co", role: "owner" })
    expect(account.body.id).not.toBe(owner.id)
    const reused = await app.client().auth.verifyOtp({ token_hash: oldLink, type: "invite" })
    expect(reused.error).not.toBeNull()
  })

  it("never opens the inviting company from a magic link or a password reset", async () => {
    const email = uniqueEmail("magic")
    await invite(app, owner, email, "member")
    const sent = (await mailsTo(app, email)).length

    expect((await app.client().auth.resetPasswordForEmail(email)).error).toBeNull()
    const noCreate = await app.client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    })
    expect(noCreate.error).toBeNull()
    expect(await mailsTo(app, email)).toHaveLength(sent)
    expect((await members()).map((m) => m.email)).toContain(email)

    const client = app.client()
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
    const magic = linkOf(await lastMailTo(app, email))
    const session = await client.auth.verifyOtp({
      token_hash: magic.searchParams.get("token")!,
      type: "magiclink",
    })
    expect(session.error).toBeNull()
    const account = await callApi<Account>(app, "/account", {
      token: session.data.session!.access_token,
    })
    expect(account.body.role).toBe("owner")
    expect(account.body.id).not.toBe(owner.id)
    const seen = await clientWithToken(app, session.data.session!.access_token)
      .from("end_users")
      .select("user_id")
    expect(seen.data).toEqual([{ user_id: account.body.id }])
    expect((await members()).map((m) => m.email)).not.toContain(email)
  })

  it("declines from the email without signing in; the token does nothing else", async () => {
    const email = uniqueEmail("declines")
    await invite(app, owner, email, "member")
    const token = (await declineLinkOf(email)).searchParams.get("token")!
    const acceptLink = await acceptToken(email)
    // The decline token is not an acceptance token.
    const asAccept = await app.client().auth.verifyOtp({ token_hash: token, type: "invite" })
    expect(asAccept.error).not.toBeNull()

    const declined = await decline(token)
    expect(declined.status).toBe(200)
    expect(declined.body).toEqual({ email, company_name: expect.any(String) })
    expect((await members()).map((m) => m.email)).not.toContain(email)
    expect(await log()).toContainEqual(
      expect.objectContaining({ action: "member.declined", target: email, actor_email: email }),
    )
    expectApiError(await decline(token), 404, "not_found")
    const accepted = await app.client().auth.verifyOtp({ token_hash: acceptLink, type: "invite" })
    expect(accepted.error).not.toBeNull()
    // The address is free again: the company may invite it anew.
    await invite(app, owner, email, "member")
  })

  it("cannot decline an accepted invitation, and refuses a malformed token", async () => {
    const email = uniqueEmail("accepted")
    await invite(app, owner, email, "member")
    const token = (await declineLinkOf(email)).searchParams.get("token")!
    await accept(app, email)
    expectApiError(await decline(token), 404, "not_found")
    expect((await members()).find((m) => m.email === email)?.status).toBe("active")
    expectApiError(await decline(""), 400, "invalid_request")
    expectApiError(await decline(42), 400, "invalid_request")
    expectApiError(await decline("x".repeat(600)), 400, "invalid_request")
  })

  // Last: it moves the server's clock a week on.
  it("expires after seven days; the owner resends it for seven more", async () => {
    const owned = await createConfirmedAccount(app, "late-owner")
    const signIn = async () => {
      const { data } = await (await signedInClient(app, owned)).auth.getSession()
      return { id: data.session!.user.id, email: owned.email, token: data.session!.access_token }
    }
    owner = await signIn()
    const email = uniqueEmail("late")
    const row = await invite(app, owner, email, "member")
    const stale = await acceptToken(email)
    app.advanceClock(7 * DAY + 60_000)
    owner = await signIn()
    const late = await app.client().auth.verifyOtp({ token_hash: stale, type: "invite" })
    expect(late.error?.message).toMatch(/expired/i)
    const listed = (await members()).find((m) => m.email === email)!
    expect(Date.parse(listed.invitation_expires_at!)).toBeLessThan(Date.now() + 7 * DAY + 60_000)

    const resent = await callApi<Member>(app, `/members/${row.id}/resend`, {
      method: "POST",
      token: owner.token,
    })
    expect(resent.status).toBe(200)
    expect(Date.parse(resent.body.invitation_expires_at!)).toBeGreaterThan(
      Date.parse(listed.invitation_expires_at!) + 7 * DAY - 1_000,
    )
    const joined = await accept(app, email)
    const account = await callApi<Account>(app, "/account", { token: joined.token })
    expect(account.body).toMatchObject({ id: owner.id, role: "member" })
  })
})
