import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { createTestUser } from "../../testing/factories"
import { createTestApp, type TestApp } from "../../testing/test-app"
import { forgetExpiredNowAndThen, MEMORY_DAYS, recall, rememberCte } from "./memory.repo"

/** A request hash is a SHA-256 in hex. */
const FRESH = "a".repeat(64)
const STALE = "b".repeat(64)

describe("the memory of exact repeats", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())
  afterEach(() => vi.restoreAllMocks())

  const keep = async (companyId: string, hash: string, text: string, daysAgo: number) => {
    const db = app.deps.database.db
    await sql`with ${rememberCte(companyId, hash, { translated_text: text })} select 1`.execute(db)
    await sql`update nativ.culturalize_memory set created_at = now() - make_interval(days => ${daysAgo})
      where user_id = ${companyId} and request_hash = ${hash}`.execute(db)
  }

  it("answers for 90 days, refreshes an answer kept again, and forgets expired ones", async () => {
    const db = app.deps.database.db
    const { id } = await createTestUser(app)
    await keep(id, FRESH, "Hallo", MEMORY_DAYS - 1)
    await keep(id, STALE, "Tschüss", MEMORY_DAYS + 1)
    expect(await recall(db, id, FRESH)).toEqual({ translated_text: "Hallo" })
    expect(await recall(db, id, STALE)).toBeNull()

    await sql`with ${rememberCte(id, FRESH, { translated_text: "Hallo!" })} select 1`.execute(db)
    expect(await recall(db, id, FRESH)).toEqual({ translated_text: "Hallo!" })

    vi.spyOn(Math, "random").mockReturnValue(0.5)
    await forgetExpiredNowAndThen(db)
    const kept = async () =>
      (
        await sql<{ request_hash: string }>`select request_hash from nativ.culturalize_memory
          where user_id = ${id} order by request_hash`.execute(db)
      ).rows.map((r) => r.request_hash)
    expect(await kept()).toEqual([FRESH, STALE])
    vi.spyOn(Math, "random").mockReturnValue(0)
    await forgetExpiredNowAndThen(db)
    expect(await kept()).toEqual([FRESH])
  })
})
