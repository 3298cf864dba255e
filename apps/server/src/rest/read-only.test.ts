import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

/** A read runs in a read-only transaction, as PostgREST runs GET and HEAD. */
describe("read-only reads", () => {
  let app: TestApp
  let user: TestUser

  beforeAll(async () => {
    app = await createTestApp()
    // Created before the first /rest/v1 request, which loads the catalog.
    await sql`
      create function public.rest_test_add_language(lang text) returns int language sql volatile
      as $$ insert into public.user_languages_mapping (user_id, language, language_code)
        values (auth.uid(), lang, 'XX') returning 1 $$
    `.execute(app.deps.database.db)
    await sql`grant execute on function public.rest_test_add_language(text) to authenticated`.execute(
      app.deps.database.db,
    )
    user = await createTestUser(app)
  })
  afterAll(() => app.close())

  const languages = () => user.client().from("user_languages_mapping").select("language")

  it("refuses a write from a function called with GET (405, 25006) and keeps nothing", async () => {
    const { error, status } = await user
      .client()
      .rpc("rest_test_add_language", { lang: "Klingon" }, { get: true })
    expect(status).toBe(405)
    expect(error?.code).toBe("25006")
    expect((await languages()).data).toEqual([])
  })

  it("lets the same function write when called with POST", async () => {
    const { data, error } = await user.client().rpc("rest_test_add_language", { lang: "Klingon" })
    expect(error).toBeNull()
    expect(data).toBe(1)
    expect((await languages()).data).toEqual([{ language: "Klingon" }])
  })
})
