import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { signedInUser } from "../api/api-test-kit"
import { createTestUser, insertOperations, type TestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"

const german = { language: "German", language_code: "DE", tool: "dashboard" }

describe("benchmark routes", () => {
  it("are not mounted unless BENCH_ROUTES is true", async () => {
    const app = await createTestApp()
    try {
      const user = await createTestUser(app)
      const res = await app.fetch(`/_bench/operations/count?user_id=${user.id}`)
      expect(res.status).toBe(404)
      expect((await app.fetch("/_bench/culturalize-timings")).status).toBe(404)
    } finally {
      await app.close()
    }
  })

  describe("with BENCH_ROUTES=true", () => {
    let app: TestApp
    let user: TestUser
    beforeAll(async () => {
      app = await createTestApp({ BENCH_ROUTES: "true" })
      user = await createTestUser(app)
      await insertOperations(
        app.deps,
        user.id,
        Array.from({ length: 12 }, (_, i) => ({ created_at: new Date(Date.now() - i * 60_000) })),
      )
      const other = await createTestUser(app)
      await insertOperations(app.deps, other.id, [{}])
    })
    afterAll(() => app.close())

    it("counts and pages one account's operations exactly as /rest/v1 does", async () => {
      const headers = { apikey: app.deps.keys.anon, Authorization: `Bearer ${user.token}` }
      const restCount = await app.fetch("/rest/v1/operations?select=*", {
        method: "HEAD",
        headers: { ...headers, Prefer: "count=exact" },
      })
      const bareCount = await app.fetch(`/_bench/operations/count?user_id=${user.id}`)
      expect(bareCount.headers.get("content-range")).toBe("*/12")
      expect(restCount.headers.get("content-range")).toBe("0-11/12")

      const columns = "id,action,language,cost,tool,created_at"
      const rest = await app.fetch(
        `/rest/v1/operations?select=${columns}&order=created_at.desc&offset=0&limit=10`,
        { headers },
      )
      const bare = await app.fetch(`/_bench/operations/page?user_id=${user.id}`)
      const restRows = (await rest.json()) as { id: number }[]
      const bareRows = (await bare.json()) as { id: number }[]
      expect(bareRows.map((r) => Number(r.id))).toEqual(restRows.map((r) => r.id))
      expect(bareRows).toHaveLength(10)
    })

    it("refuses a user_id that is not a uuid with 400", async () => {
      const res = await app.fetch("/_bench/operations/page?user_id=1%20or%201=1")
      expect(res.status).toBe(400)
    })

    it("records each culturalize request's total and engine time, then clears them", async () => {
      const apiUser = await signedInUser(app, 100)
      const res = await app.fetch("/api/v1/text/culturalize", {
        method: "POST",
        headers: { Authorization: `Bearer ${apiUser.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "Hello world", ...german }),
      })
      expect(res.status).toBe(200)
      const first = (await (await app.fetch("/_bench/culturalize-timings")).json()) as {
        samples: { totalMs: number; engineMs: number }[]
      }
      expect(first.samples).toHaveLength(1)
      const [sample] = first.samples
      expect(sample!.engineMs).toBeGreaterThan(0)
      expect(sample!.totalMs).toBeGreaterThanOrEqual(sample!.engineMs)
      const second = (await (await app.fetch("/_bench/culturalize-timings")).json()) as {
        samples: unknown[]
      }
      expect(second.samples).toEqual([])
    })
  })
})
