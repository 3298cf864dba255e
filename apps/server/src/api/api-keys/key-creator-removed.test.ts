import type { ApiKeyList } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { uniqueEmail } from "../../auth/test-kit"
import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  signedInUser,
} from "../api-test-kit"
import { accept, invite } from "../members/members-test-kit"

/**
 * A member creating API keys while an owner removes them: each key either exists before the
 * removal (and is revoked by it) or is refused with a clear 403 — never a 500 from the key's
 * reference to a member row that is gone, and never a live key of a removed member.
 */
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("creating an API key while its creator is removed", () => {
  let app: TestApp
  let owner: ApiUser

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  it("answers 201, 401 or 403 and leaves no live key of the removed member", async () => {
    for (let round = 0; round < 6; round++) {
      const email = uniqueEmail(`key-race-${round}`)
      const { id } = await invite(app, owner, email, "member")
      const member = await accept(app, email)
      const create = (i: number) =>
        callApi<ErrorBody>(app, "/api-keys", { token: member.token, body: { name: `k${i}` } })
      // Creations start a few milliseconds apart around the removal, so that on either backend
      // some of them pass authentication before it and reach their insert after it.
      const creations = Array.from({ length: 16 }, (_, i) => later(i * 3).then(() => create(i)))
      const removal = later(12 + round * 4).then(() =>
        callApi(app, `/members/${id}`, { method: "DELETE", token: owner.token }),
      )
      const answers = await Promise.all(creations)
      expect((await removal).status).toBe(204)
      for (const answer of answers) {
        if (answer.status === 403) {
          expect(answer.body.error.code).toBe("not_a_member")
          expect(answer.body.error.message).toMatch(/no longer a member/)
        } else expect([201, 401], JSON.stringify(answer.body)).toContain(answer.status)
      }
    }
    const keys = await callApi<ApiKeyList>(app, "/api-keys", { token: owner.token })
    expect(keys.body.api_keys).toEqual([])
    // On a quiet PostgreSQL some creations reach their insert after the removal committed (16–31
    // of 96 in three runs, every one a 500 before the fix); how many depends on the machine's
    // load (none in one CI run beside four other phases), so the count is not asserted. PGlite
    // runs one query at a time and has not interleaved them.
  })
})
