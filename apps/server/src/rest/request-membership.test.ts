import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import { accept, invite } from "../api/members/members-test-kit"
import { uniqueEmail } from "../auth/test-kit"
import { clientWithToken } from "../testing/factories"
import type { TestApp } from "../testing/test-app"

/**
 * Each /rest/v1 request resolves the caller's company and role once, from nativ.memberships, a
 * mirror of end_users (20260107000000_request_membership.sql). A change to someone's membership
 * must reach their very next request, and SQL that runs without those settings must still get
 * the same answers from the policies.
 */
describe("the company and role a REST request runs with", () => {
  let app: TestApp
  let owner: ApiUser
  let person: ApiUser
  let memberId: string

  const languages = (user: ApiUser) =>
    clientWithToken(app, user.token).from("user_languages_mapping").select("language")
  const addLanguage = (user: ApiUser, language: string) =>
    clientWithToken(app, user.token)
      .from("user_languages_mapping")
      .insert({ user_id: owner.id, language, language_code: language.slice(0, 2).toUpperCase() })

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 100)
    const email = uniqueEmail("mirror")
    memberId = (await invite(app, owner, email, "member")).id
    person = await accept(app, email)
    expect((await addLanguage(owner, "French")).error).toBeNull()
  })
  afterAll(() => app.close())

  it("follows a role change on the next request, both ways", async () => {
    expect((await addLanguage(person, "German")).error?.code).toBe("42501")
    const promote = await callApi(app, `/members/${memberId}`, {
      method: "PATCH",
      token: owner.token,
      body: { role: "admin" },
    })
    expect(promote.status).toBe(200)
    expect((await addLanguage(person, "German")).error).toBeNull()

    const demote = await callApi(app, `/members/${memberId}`, {
      method: "PATCH",
      token: owner.token,
      body: { role: "member" },
    })
    expect(demote.status).toBe(200)
    expect((await addLanguage(person, "Italian")).error?.code).toBe("42501")
    const { data } = await languages(person)
    expect(data?.map((l) => l.language).sort()).toEqual(["French", "German"])
  })

  it("keeps the mirror equal to end_users for every person", async () => {
    const { rows } = await sql<{ missing: number }>`
      select count(*)::int as missing from public.end_users e
      where e.auth_user_id is not null and not exists (
        select 1 from nativ.memberships m
        where m.auth_user_id = e.auth_user_id and m.company_id = e.user_id and m.role = e.role)
    `.execute(app.deps.database.db)
    expect(rows[0]!.missing).toBe(0)
    const { rows: extra } = await sql<{ extra: number }>`
      select count(*)::int as extra from nativ.memberships m
      where not exists (select 1 from public.end_users e where e.auth_user_id = m.auth_user_id)
    `.execute(app.deps.database.db)
    expect(extra[0]!.extra).toBe(0)
  })

  it("answers the same from the policies when SQL runs without the request's settings", async () => {
    const claims = JSON.stringify({ sub: person.id, role: "authenticated" })
    const seen = await app.deps.database.db.transaction().execute(async (trx) => {
      await sql`select set_config('request.jwt.claims', ${claims}, true)`.execute(trx)
      await sql`set local role authenticated`.execute(trx)
      const { rows } = await sql<{ company: string; role: string; languages: string[] }>`
        select nativ.current_company_id()::text as company, nativ.current_member_role() as role,
          array(select language from public.user_languages_mapping order by language) as languages
      `.execute(trx)
      return rows[0]!
    })
    expect(seen).toEqual({ company: owner.id, role: "member", languages: ["French", "German"] })
  })

  it("gives a removed person nothing on their next request, token still unexpired", async () => {
    expect((await languages(person)).data).toHaveLength(2)
    const removed = await callApi(app, `/members/${memberId}`, {
      method: "DELETE",
      token: owner.token,
    })
    expect(removed.status).toBe(204)
    const after = await languages(person)
    expect(after.error).toBeNull()
    expect(after.data).toEqual([])
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from nativ.memberships where auth_user_id = ${person.id}
    `.execute(app.deps.database.db)
    expect(rows[0]!.n).toBe(0)
  })
})
