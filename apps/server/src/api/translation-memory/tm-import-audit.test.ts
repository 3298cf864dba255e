import type { AuditLog } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"

describe("memory imports in the activity log", () => {
  let app: TestApp
  let owner: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  const upload = async (text: string, name: string) => {
    const form = new FormData()
    form.set("file", new Blob([text], { type: "text/csv" }), name)
    form.set("target_language_code", "de")
    const res = await app.fetch("/api/v1/master-tm/bulk-upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.token}` },
      body: form,
    })
    return res.status
  }
  const imports = async () =>
    (await callApi<AuditLog>(app, "/audit-log?action=memory", { token: owner.token })).body.events

  it("records each import with the file's name and what it added, left unchanged and refused", async () => {
    const file = "source_text,target_text\nHello,Hallo\nGoodbye,Tschüss\n,leer\n"
    expect(await upload(file, "greetings.csv")).toBe(200)
    expect(await upload(file, "greetings.csv")).toBe(200)
    const [again, first] = await imports()
    expect(first).toMatchObject({
      action: "memory.imported",
      target: "greetings.csv",
      actor_email: owner.email,
      details: { format: "csv", added: 2, unchanged: 0, failed: 1 },
    })
    expect(again!.details).toMatchObject({ added: 0, unchanged: 2, failed: 1 })
  })

  it("records nothing for a file that cannot be read", async () => {
    const before = (await imports()).length
    expect(await upload("", "empty.csv")).toBe(400)
    expect(await imports()).toHaveLength(before)
  })
})
