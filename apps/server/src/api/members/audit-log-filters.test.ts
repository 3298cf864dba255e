import type { AuditLog, Member } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { uniqueEmail } from "../../auth/test-kit"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "./members-test-kit"

describe("/api/v1/audit-log filters", () => {
  let app: TestApp
  let owner: ApiUser
  let admin: ApiUser
  let adminRow: Member
  let ownerRow: Member
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    adminRow = await invite(app, owner, uniqueEmail("admin"), "admin")
    admin = await accept(app, adminRow.email)
    const members = await callApi<{ members: Member[] }>(app, "/members", { token: owner.token })
    ownerRow = members.body.members.find((m) => m.email === owner.email)!
    for (const [who, title] of [
      [owner, "Owner's guide"],
      [admin, "Admin's guide"],
      [admin, "Admin's second guide"],
    ] as const)
      await callApi(app, "/style-guide", { token: who.token, body: { title, content: "Short." } })
    await callApi(app, "/api-keys", { token: admin.token, body: { name: "Admin key" } })
  })
  afterAll(() => app.close())

  const log = async (query: string) => {
    const res = await callApi<AuditLog>(app, `/audit-log?${query}`, { token: owner.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const summary = (page: AuditLog) => page.events.map((e) => `${e.actor_email} ${e.action}`)

  it("keeps only the actions asked for, by action or by kind", async () => {
    expect(summary(await log("action=api_key.created"))).toEqual([
      `${adminRow.email} api_key.created`,
    ])
    const kinds = await log("action=api_key, style_guide")
    expect(kinds.events.map((e) => e.action).sort()).toEqual([
      "api_key.created",
      "style_guide.created",
      "style_guide.created",
      "style_guide.created",
    ])
  })

  it("keeps only what one member did, and combines with the action filter", async () => {
    const byAdmin = await log(`member=${adminRow.id}`)
    expect(byAdmin.events.length).toBeGreaterThanOrEqual(3)
    expect(byAdmin.events.every((e) => e.actor_email === adminRow.email)).toBe(true)
    expect(summary(await log(`member=${ownerRow.id}&action=style_guide`))).toEqual([
      `${owner.email} style_guide.created`,
    ])
    expect((await log(`member=${adminRow.id}&action=brand_voice`)).events).toEqual([])
  })

  it("pages through a filtered log with the same filters", async () => {
    const first = await log(`member=${adminRow.id}&action=style_guide&limit=1`)
    expect(first.events.map((e) => e.target)).toEqual(["Admin's second guide"])
    const second = await log(
      `member=${adminRow.id}&action=style_guide&limit=1&before=${first.next_before}`,
    )
    expect(second.events.map((e) => e.target)).toEqual(["Admin's guide"])
    expect(second.next_before).toBeNull()
  })

  it("answers nothing for a member of another company", async () => {
    const stranger = await signedInUser(app)
    const theirs = await callApi<{ members: Member[] }>(app, "/members", { token: stranger.token })
    expect((await log(`member=${theirs.body.members[0]!.id}`)).events).toEqual([])
  })

  it("refuses an unknown action or a member that is not an id with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["action=style_guide.exploded", "action"],
      ["action=", "action"],
      ["member=bob", "member"],
    ] as const) {
      const res = await callApi(app, `/audit-log?${query}`, { token: owner.token })
      expectApiError(res, 400, "invalid_request")
      expect(JSON.stringify(res.body)).toContain(field)
    }
  })
})
