import type { Account, AuditLog, CreatedApiKey, Member, MemberList } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { lastMailTo, uniqueEmail } from "../../auth/test-kit"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "./members-test-kit"

describe("/api/v1 members, account and audit log", () => {
  let app: TestApp
  let owner: ApiUser
  let admin: ApiUser
  let member: ApiUser
  let adminRow: Member
  let memberRow: Member
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 1_000)
    adminRow = await invite(app, owner, uniqueEmail("admin"), "admin")
    memberRow = await invite(app, owner, uniqueEmail("member"), "member")
    admin = await accept(app, adminRow.email)
    member = await accept(app, memberRow.email)
  })
  afterAll(() => app.close())

  const members = async (as: ApiUser) =>
    (await callApi<MemberList>(app, "/members", { token: as.token })).body.members

  it("invites by email into the company: the invitation is mailed and the member joins", async () => {
    const email = uniqueEmail("new")
    const invited = await invite(app, owner, `  ${email.toUpperCase()} `, "member")
    expect(invited).toMatchObject({ email, role: "member", status: "invited", joined_at: null })
    expect((await lastMailTo(app, email)).subject).toMatch(/invit/i)
    expect((await members(owner)).map((m) => m.email)).toContain(email)

    const joined = await accept(app, email)
    const account = await callApi<Account>(app, "/account", { token: joined.token })
    expect(account.body).toMatchObject({
      id: owner.id,
      credits: 1_000,
      role: "member",
      member_email: email,
    })
    const row = (await members(owner)).find((m) => m.email === email)!
    expect(row.status).toBe("active")
    expect(row.last_sign_in_at).not.toBeNull()
  })

  it("gives every member the company's account, the founder first as owner", async () => {
    for (const [who, role] of [
      [owner, "owner"],
      [admin, "admin"],
      [member, "member"],
    ] as const) {
      const res = await callApi<Account>(app, "/account", { token: who.token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: owner.id,
        credits: 1_000,
        role,
        member_email: who.email,
      })
    }
    const list = await members(member)
    expect(list[0]).toMatchObject({ email: owner.email, role: "owner", status: "active" })
  })

  it("refuses a member who invites, a bad email or role, and an email that has an account", async () => {
    expectApiError(
      await callApi(app, "/members", {
        token: member.token,
        body: { email: uniqueEmail("x"), role: "member" },
      }),
      403,
      "forbidden",
    )
    expectApiError(
      await callApi(app, "/members", {
        token: owner.token,
        body: { email: "nope", role: "member" },
      }),
      400,
      "invalid_request",
    )
    expectApiError(
      await callApi(app, "/members", {
        token: owner.token,
        body: { email: uniqueEmail("x"), role: "boss" },
      }),
      400,
      "invalid_request",
    )
    const elsewhere = await signedInUser(app)
    const taken = await callApi(app, "/members", {
      token: owner.token,
      body: { email: elsewhere.email, role: "member" },
    })
    expectApiError(taken, 409, "member_exists")
    expect(JSON.stringify(taken.body)).toContain(elsewhere.email)
    // An admin may invite admins and members, not owners.
    expectApiError(
      await callApi(app, "/members", {
        token: admin.token,
        body: { email: uniqueEmail("x"), role: "owner" },
      }),
      403,
      "forbidden",
    )
  })

  it("keeps owners for owners and always leaves one", async () => {
    expectApiError(
      await callApi(app, `/members/${(await members(owner))[0]!.id}`, {
        method: "PATCH",
        token: admin.token,
        body: { role: "member" },
      }),
      403,
      "forbidden",
    )
    const ownerId = (await members(owner)).find((m) => m.email === owner.email)!.id
    expectApiError(
      await callApi(app, `/members/${ownerId}`, { method: "DELETE", token: admin.token }),
      403,
      "forbidden",
    )
    expectApiError(
      await callApi(app, `/members/${ownerId}`, {
        method: "PATCH",
        token: owner.token,
        body: { role: "admin" },
      }),
      409,
      "last_owner",
    )
    expectApiError(
      await callApi(app, `/members/${ownerId}`, { method: "DELETE", token: owner.token }),
      409,
      "last_owner",
    )
    // With a second owner, the first may step down.
    const promoted = await callApi<Member>(app, `/members/${adminRow.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { role: "owner" },
    })
    expect(promoted.body.role).toBe("owner")
    const stepDown = await callApi<Member>(app, `/members/${adminRow.id}`, {
      method: "PATCH",
      token: admin.token,
      body: { role: "admin" },
    })
    expect(stepDown.status).toBe(200)
    expect(stepDown.body.role).toBe("admin")
  })

  it("removes a member: their session, their keys and their membership end at once", async () => {
    const email = uniqueEmail("leaver")
    const row = await invite(app, owner, email, "member")
    const leaver = await accept(app, email)
    const key = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: leaver.token,
      body: { name: "Leaver laptop" },
    })
    expect(key.status).toBe(201)
    expect(
      (await callApi(app, `/members/${row.id}`, { method: "DELETE", token: admin.token })).status,
    ).toBe(204)

    expect((await callApi(app, "/account", { token: leaver.token })).status).toBe(401)
    expectApiError(
      await callApi(app, "/user/languages", { token: key.body.key }),
      401,
      "api_key_revoked",
    )
    expect((await members(owner)).map((m) => m.email)).not.toContain(email)
    expectApiError(
      await callApi(app, `/members/${row.id}`, { method: "DELETE", token: owner.token }),
      404,
      "not_found",
    )
    // The email is free again: it can be invited anew.
    expect((await invite(app, owner, email, "member")).status).toBe("invited")
  })

  it("resends a pending invitation with a new link, and refuses one that was accepted", async () => {
    const email = uniqueEmail("pending")
    const row = await invite(app, owner, email, "member")
    const first = await lastMailTo(app, email)
    const again = await callApi<Member>(app, `/members/${row.id}/resend`, {
      method: "POST",
      token: admin.token,
    })
    expect(again.status).toBe(200)
    expect((await lastMailTo(app, email)).text).not.toBe(first.text)
    expectApiError(
      await callApi(app, `/members/${memberRow.id}/resend`, { method: "POST", token: owner.token }),
      409,
      "already_joined",
    )
  })

  it("debits the company's one balance when a member culturalizes", async () => {
    const company = await signedInUser(app, 500)
    const email = uniqueEmail("spender")
    await invite(app, company, email, "member")
    const spender = await accept(app, email)
    const res = await callApi<{ cost: number }>(app, "/text/culturalize", {
      token: spender.token,
      body: { text: "Hello", language: "French", language_code: "FR", tool: "api" },
    })
    expect(res.status).toBe(200)
    const balance = await callApi<Account>(app, "/account", { token: company.token })
    expect(balance.body.credits).toBe(500 - res.body.cost)
    const { rows } = await sql<{ member_email: string }>`
      select member_email from public.operations where user_id = ${company.id}
    `.execute(app.deps.database.db)
    expect(rows.map((r) => r.member_email)).toEqual([email])
  })

  it("records every change in an append-only log that owners and admins read, page by page", async () => {
    const log = await callApi<AuditLog>(app, "/audit-log?limit=200", { token: admin.token })
    expect(log.status).toBe(200)
    // Newest first by number, not as text (this log holds ids on both sides of a power of ten).
    const ids = log.body.events.map((e) => Number(e.id))
    expect(ids.length).toBeGreaterThan(10)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const actions = log.body.events.map((e) => `${e.action} ${e.target ?? ""}`)
    expect(actions).toContain(`member.invited ${memberRow.email}`)
    expect(actions).toContain(`member.joined ${memberRow.email}`)
    expect(actions).toContain(`member.role_changed ${adminRow.email}`)
    expect(actions.some((a) => a.startsWith("member.removed"))).toBe(true)
    expect(actions.some((a) => a.startsWith("api_key.created"))).toBe(true)
    const invited = log.body.events.find((e) => e.target === memberRow.email)!
    expect(invited.actor_email).toBeTruthy()

    const first = await callApi<AuditLog>(app, "/audit-log?limit=2", { token: owner.token })
    expect(first.body.events).toHaveLength(2)
    const second = await callApi<AuditLog>(
      app,
      `/audit-log?limit=2&before=${first.body.next_before}`,
      { token: owner.token },
    )
    expect(Number(second.body.events[0]!.id)).toBeLessThan(Number(first.body.events[1]!.id))

    expectApiError(await callApi(app, "/audit-log", { token: member.token }), 403, "forbidden")
    expectApiError(
      await callApi(app, "/audit-log?before=abc", { token: owner.token }),
      400,
      "invalid_request",
    )
    await expect(
      sql`update public.audit_events set action = 'member.joined'`.execute(app.deps.database.db),
    ).rejects.toThrow(/cannot be changed/)
    await expect(
      sql`delete from public.audit_events`.execute(app.deps.database.db),
    ).rejects.toThrow(/cannot be changed/)
  })

  it("keeps companies apart: no member, event or account of another company is reachable", async () => {
    const stranger = await signedInUser(app)
    expect((await members(stranger)).map((m) => m.email)).toEqual([stranger.email])
    const log = await callApi<AuditLog>(app, "/audit-log", { token: stranger.token })
    expect(log.body.events.every((e) => e.target !== memberRow.email)).toBe(true)
    for (const [method, path, body] of [
      ["PATCH", `/members/${memberRow.id}`, { role: "admin" }],
      ["DELETE", `/members/${memberRow.id}`, undefined],
      ["POST", `/members/${memberRow.id}/resend`, undefined],
    ] as const)
      expectApiError(
        await callApi(app, path, { method, token: stranger.token, ...(body ? { body } : {}) }),
        404,
        "not_found",
      )
  })

  it("manages members only from a signed-in session, never with an API key", async () => {
    const key = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: owner.token,
      body: { name: "Owner automation" },
    })
    expectApiError(
      await callApi(app, "/members", {
        token: key.body.key,
        body: { email: uniqueEmail("bykey"), role: "member" },
      }),
      403,
      "session_required",
    )
    expect((await callApi(app, "/account", { token: key.body.key })).status).toBe(200)
  })

  it("lets the operator invite into a company with the service-role key, logged as Nativ", async () => {
    const adminCall = (body: unknown, key = app.deps.keys.serviceRole) =>
      app.fetch("/admin/v1/invite-member", {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
    const email = uniqueEmail("operator")
    const res = await adminCall({ email, company_id: owner.id, role: "admin" })
    expect(res.status).toBe(201)
    const row = (await members(owner)).find((m) => m.email === email)!
    expect(row).toMatchObject({ role: "admin", status: "invited" })
    const log = await callApi<AuditLog>(app, "/audit-log", { token: owner.token })
    expect(log.body.events[0]).toMatchObject({
      action: "member.invited",
      target: email,
      actor_email: null,
    })

    expect(
      (await adminCall({ email: uniqueEmail("x"), company_id: owner.id, role: "boss" })).status,
    ).toBe(400)
    expect(
      (
        await adminCall({
          email: uniqueEmail("x"),
          company_id: crypto.randomUUID(),
          role: "member",
        })
      ).status,
    ).toBe(404)
    expect((await adminCall({ email, company_id: owner.id, role: "member" })).status).toBe(409)
    expect(
      (
        await adminCall(
          { email: uniqueEmail("x"), company_id: owner.id, role: "member" },
          owner.token,
        )
      ).status,
    ).toBe(403)
  })
})
