import type { AuditLog, StyleGuide } from "@nativ/contracts"
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
import { accept, invite } from "../members/members-test-kit"

describe("style changes in the activity log", () => {
  let app: TestApp
  let owner: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  const latest = async (as = owner) =>
    (await callApi<AuditLog>(app, "/audit-log?action=style_guide,brand_voice", { token: as.token }))
      .body.events

  it("records adding, changing and deleting a guide by its title, with who did it", async () => {
    const created = await callApi<StyleGuide>(app, "/style-guide", {
      token: owner.token,
      body: { title: "Tone", content: "Warm and short." },
    })
    expect(created.status).toBe(201)
    const id = created.body.id
    await callApi(app, `/style-guide/${id}`, {
      method: "PUT",
      token: owner.token,
      body: { title: "Tone of voice", is_enabled: false },
    })
    await callApi(app, `/style-guide/${id}`, { method: "DELETE", token: owner.token })

    const events = await latest()
    expect(events.map((e) => [e.action, e.target])).toEqual([
      ["style_guide.deleted", "Tone of voice"],
      ["style_guide.updated", "Tone of voice"],
      ["style_guide.created", "Tone"],
    ])
    expect(events.every((e) => e.actor_email === owner.email)).toBe(true)
    expect(events[1]!.details).toMatchObject({ guide_id: id, changed: ["title", "is_enabled"] })
  })

  it("records setting and clearing the brand voice", async () => {
    for (const prompt of ["Friendly, never pushy.", null])
      expect(
        (
          await callApi(app, "/style-guide/prompt", {
            method: "PUT",
            token: owner.token,
            body: { prompt },
          })
        ).status,
      ).toBe(200)
    const [cleared, changed] = await latest()
    expect(cleared).toMatchObject({ action: "brand_voice.changed", details: { cleared: true } })
    expect(changed).toMatchObject({ action: "brand_voice.changed", details: { cleared: false } })
  })

  it("records nothing for a refused change or a guide of another company", async () => {
    const before = (await latest()).length
    const email = uniqueEmail("writer")
    await invite(app, owner, email, "member")
    const member = await accept(app, email)
    expectApiError(
      await callApi(app, "/style-guide", {
        token: member.token,
        body: { title: "Mine", content: "No." },
      }),
      403,
      "forbidden",
    )
    const stranger = await signedInUser(app)
    const theirs = await callApi<StyleGuide>(app, "/style-guide", {
      token: stranger.token,
      body: { title: "Theirs", content: "Other company." },
    })
    expectApiError(
      await callApi(app, `/style-guide/${theirs.body.id}`, {
        method: "DELETE",
        token: owner.token,
      }),
      404,
      "not_found",
    )
    expect(await latest()).toHaveLength(before)
    expect((await latest(stranger)).map((e) => e.target)).toEqual(["Theirs"])
  })
})
