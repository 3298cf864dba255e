import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

import { describe, expect, it } from "vitest"

import { isDatabaseSpecific, isPgliteOnly, serverTestFiles, testsOfRun } from "./database-tests"

const src = fileURLToPath(new URL("..", import.meta.url))
const HTTP_ONLY = `
  const app = await createApiTestApp()
  const res = await app.fetch("/api/v1/languages", { headers })
  expect(res.status).toBe(200)
`

describe("which server tests run on both databases", () => {
  it("runs a test that only drives the server over HTTP once", () => {
    expect(isDatabaseSpecific("api/languages/languages.test.ts", HTTP_ONLY)).toBe(false)
  })

  it("runs a test once when it only seeds or checks rows with SQL of its own", () => {
    const seeds = `${HTTP_ONLY} await sql\`update public.users set balance = 5\`.execute(app.deps.database.db)`
    expect(isDatabaseSpecific("api/example/example.test.ts", seeds)).toBe(false)
  })

  it.each([
    ["db/migrate.test.ts", HTTP_ONLY],
    ["reliability/database-outage.test.ts", HTTP_ONLY],
    ["rest/tenant-isolation.test.ts", HTTP_ONLY],
    ["billing/ledger.test.ts", HTTP_ONLY],
    ["api/culturalize/memory.repo.test.ts", HTTP_ONLY],
  ])("runs %s on both by its place", (path, text) => {
    expect(isDatabaseSpecific(path, text)).toBe(true)
  })

  it.each([
    ["names PGlite", `${HTTP_ONLY} if (app.deps.database.kind === "pglite") return`],
    ["reads DATABASE_URL", `${HTTP_ONLY} const url = process.env.DATABASE_URL`],
    ["asks which backend it is on", `${HTTP_ONLY} const kind = app.deps.database.kind`],
    ["holds a lock", `${HTTP_ONLY} await sql\`select pg_advisory_lock(1)\` // holds the lock`],
    ["sends requests at once", `await Promise.all([charge(), charge()])`],
    ["tests a race", `it("one of two concurrent redemptions wins")`],
    ["says so", `// database-specific: the planner's choice differs by version`],
  ])("runs a test on both when it %s", (_why, text) => {
    expect(isDatabaseSpecific("api/example/example.test.ts", text)).toBe(true)
  })

  it("runs a test that starts its own PGlite server and never passes DATABASE_URL on PGlite only", () => {
    const own = `const server = await startServerProcess({ DATA_DIR: dir })`
    expect(isPgliteOnly(own)).toBe(true)
    expect(isDatabaseSpecific("api/example/example.test.ts", own)).toBe(true)
    expect(isPgliteOnly(`${own}; const url = process.env.DATABASE_URL`)).toBe(false)
    expect(isPgliteOnly(`${own}; const app = await createTestApp()`)).toBe(false)
    expect(isPgliteOnly(HTTP_ONLY)).toBe(false)
  })

  it("runs every server test of this repository in at least one run, and the rule's tests in both", () => {
    const all = serverTestFiles(src)
    const postgres = testsOfRun(src, "postgres")
    const pglite = testsOfRun(src, "pglite")
    expect(all).toContain("testing/database-tests.test.ts")
    for (const path of all) {
      const text = readFileSync(`${src}/${path}`, "utf8")
      expect(postgres.includes(path), path).toBe(!isPgliteOnly(text))
      expect(pglite.includes(path), path).toBe(isDatabaseSpecific(path, text))
      expect(postgres.includes(path) || pglite.includes(path), path).toBe(true)
    }
    // Each run must leave out real work, or CI gains nothing from the rule.
    expect(pglite.length).toBeLessThan(all.length)
    expect(postgres.length).toBeLessThan(all.length)
    expect(pglite).toContain("reliability/crash-recovery.test.ts")
    expect(postgres).not.toContain("reliability/crash-recovery.test.ts")
    expect(pglite).not.toContain("http/security-headers.test.ts")
    expect(postgres).toContain("http/security-headers.test.ts")
  })
})
