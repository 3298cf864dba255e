import type { AuditLog } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { clientWithToken } from "../../testing/factories"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"

describe("language formality and custom style in the activity log", () => {
  let app: TestApp
  let owner: ApiUser
  let id: string
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    const { data } = await clientWithToken(app, owner.token)
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language: "French", language_code: "FR-CA" })
      .select("id")
      .single()
    id = (data as { id: string }).id
  })
  afterAll(() => app.close())

  const patch = (setting: string, body: unknown, languageId = id) =>
    callApi(app, `/user/languages/${languageId}/${setting}`, {
      method: "PATCH",
      token: owner.token,
      body,
    })
  const events = async () =>
    (
      await callApi<AuditLog>(
        app,
        "/audit-log?action=language.formality_changed,language.custom_style_changed",
        { token: owner.token },
      )
    ).body.events

  it("records the formality set, in words, on the language named with its code", async () => {
    expect((await patch("formality", { formality: "very_formal" })).status).toBe(200)
    expect((await patch("formality", { formality: null })).status).toBe(200)
    const [cleared, set] = await events()
    expect(set).toMatchObject({
      action: "language.formality_changed",
      target: "French (FR-CA)",
      actor_email: owner.email,
      details: { language_code: "FR-CA", formality: "very formal", value: "very_formal" },
    })
    expect(cleared!.details).toMatchObject({ formality: "the default", value: null })
  })

  it("records a custom style change and its clearing", async () => {
    await patch("custom-style", { custom_style: "Use Québécois terms." })
    await patch("custom-style", { custom_style: null })
    const [cleared, set] = await events()
    expect(set).toMatchObject({
      action: "language.custom_style_changed",
      target: "French (FR-CA)",
      details: { cleared: false },
    })
    expect(cleared!.details).toMatchObject({ cleared: true })
  })

  it("records nothing when the language is not the company's or the value is refused", async () => {
    const before = (await events()).length
    expectApiError(
      await patch("formality", { formality: "formal" }, "00000000-0000-4000-8000-000000000000"),
      404,
      "not_found",
    )
    expect((await patch("formality", { formality: "posh" })).status).toBe(400)
    expect(await events()).toHaveLength(before)
  })
})
