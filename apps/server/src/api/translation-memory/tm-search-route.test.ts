import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"

type Matches = { matches: { source_text: string; score: number; match_type: string }[] }

describe("GET /master-tm/fuzzy-search from the server's memory", () => {
  let app: TestApp
  let user: ApiUser

  const add = (source_text: string, target = "de") =>
    callApi<{ id: string }>(app, "/master-tm/entries", {
      token: user.token,
      body: {
        source_text,
        target_text: `[${target}] ${source_text}`,
        source_language_code: "en",
        target_language_code: target,
      },
    })
  const search = (query: string) =>
    callApi<Matches>(
      app,
      `/master-tm/fuzzy-search?${new URLSearchParams({ query, source_lang: "en", target_lang: "de" })}`,
      { token: user.token },
    )
  const via = (headers: Headers) => /desc="(\w+)"/.exec(headers.get("server-timing") ?? "")?.[1]

  beforeAll(async () => {
    app = await createApiTestApp({ TM_INDEX_MIN_ENTRIES: "3" })
    user = await signedInUser(app)
    for (const text of ["Add to cart", "Add to basket", "Remove from cart", "Checkout now"])
      expect((await add(text)).status).toBe(201)
  })
  afterAll(() => app.close())

  it("answers from the database first, then from memory, the same matches either way", async () => {
    const first = await search("Add to cart")
    expect(via(first.headers)).toBe("database")
    let later = await search("Add to cart")
    for (let i = 0; i < 100 && via(later.headers) !== "memory"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      later = await search("Add to cart")
    }
    expect(via(later.headers)).toBe("memory")
    expect(later.status).toBe(200)
    expect(later.body).toEqual(first.body)
    expect(first.body.matches[0]).toMatchObject({ source_text: "Add to cart", match_type: "exact" })
  })

  it("finds an entry added, and forgets one deleted, through the API right before", async () => {
    expect(via((await search("Add to cart")).headers)).toBe("memory")
    const added = await add("Add to cart today")
    expect((await search("Add to cart today")).body.matches[0]).toMatchObject({
      source_text: "Add to cart today",
      score: 100,
    })
    const removed = await callApi(app, `/master-tm/entries/${added.body.id}`, {
      method: "DELETE",
      token: user.token,
    })
    expect(removed.status).toBe(200)
    const after = await search("Add to cart today")
    expect(via(after.headers)).toBe("memory")
    expect(after.body.matches.map((m) => m.source_text)).not.toContain("Add to cart today")
  })
})
