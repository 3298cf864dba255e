import { randomUUID } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createTestUser } from "../testing/factories"
import { createTestApp, type TestApp } from "../testing/test-app"
import { applyCreditDelta, InsufficientCreditsError, readBalance } from "./ledger"

const SRC = join(import.meta.dirname, "..")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : []
  })
}

describe("the credit ledger", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  it("is the only server code that calls nativ.apply_credit_delta", () => {
    const callers = sourceFiles(SRC)
      .filter((file) => readFileSync(file, "utf8").includes("apply_credit_delta"))
      .map((file) => relative(SRC, file))
    expect(callers).toEqual(["billing/ledger.ts"])
  })

  it("moves a balance once per reason and reference", async () => {
    const user = await createTestUser(app)
    const db = app.deps.database.db
    const reference = randomUUID()
    const grant = { userId: user.id, delta: 7, reason: "adjustment" as const, reference }
    expect(await applyCreditDelta(db, grant)).toEqual({ applied: true, delta: 7, balance: 7 })
    expect(await applyCreditDelta(db, grant)).toEqual({ applied: false, delta: 7, balance: 7 })
    expect(await readBalance(db, user.id)).toBe(7)
  })

  it("refuses a debit past zero with InsufficientCreditsError and moves nothing", async () => {
    const user = await createTestUser(app, { credits: 3 })
    const db = app.deps.database.db
    await expect(
      applyCreditDelta(db, {
        userId: user.id,
        delta: -4,
        reason: "culturalize",
        reference: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError)
    const { rows } = await sql<{ entries: number }>`
      select count(*)::int as entries from public.credit_ledger where user_id = ${user.id}
    `.execute(db)
    expect(rows[0]!.entries).toBe(1)
    expect(await readBalance(db, user.id)).toBe(3)
  })
})
