import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** Reads are planned once per query string (table-handler.ts); who sees what is still RLS's call. */
describe("planned reads", () => {
  let app: TestApp
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    app = await createTestApp()
    alice = await createTestUser(app)
    bob = await createTestUser(app)
    for (const [user, language] of [
      [alice, "Italian"],
      [bob, "Greek"],
    ] as const) {
      const { error } = await user
        .client()
        .from("user_languages_mapping")
        .insert({ user_id: user.id, language, language_code: language.slice(0, 2).toUpperCase() })
      expect(error).toBeNull()
    }
  })
  afterAll(() => app.close())

  const read = (token: string, path: string) =>
    app.fetch(`/rest/v1/${path}`, {
      headers: { apikey: app.deps.keys.anon, Authorization: `Bearer ${token}` },
    })

  it("answers the same query string with each caller's own rows", async () => {
    const path = "user_languages_mapping?select=language"
    for (let i = 0; i < 2; i++) {
      expect(await (await read(alice.token, path)).json()).toEqual([{ language: "Italian" }])
      expect(await (await read(bob.token, path)).json()).toEqual([{ language: "Greek" }])
      // anon holds no grant on the table: refused as the role it is
      expect((await read(app.deps.keys.anon, path)).status).toBe(401)
    }
  })

  it("refuses a bad query string every time, not only the first", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await read(alice.token, "user_languages_mapping?select=nope")
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe("42703")
    }
  })
})
