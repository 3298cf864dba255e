import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

import { describe, expect, it } from "vitest"

import { databaseSpecificTests, isDatabaseSpecific, serverTestFiles } from "./database-tests"

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
    ["runs SQL", `${HTTP_ONLY} await sql\`select 1\`.execute(app.deps.database.db)`],
    ["sends requests at once", `await Promise.all([charge(), charge()])`],
    ["tests a race", `it("one of two concurrent redemptions wins")`],
    ["says so", `// database-specific: the planner's choice differs by version`],
  ])("runs a test on both when it %s", (_why, text) => {
    expect(isDatabaseSpecific("api/example/example.test.ts", text)).toBe(true)
  })

  it("selects every database-specific file of this repository and none of the others", () => {
    const all = serverTestFiles(src)
    const selected = databaseSpecificTests(src)
    expect(all).toContain("testing/database-tests.test.ts")
    for (const path of all)
      expect(selected.includes(path), path).toBe(
        isDatabaseSpecific(path, readFileSync(`${src}/${path}`, "utf8")),
      )
    // The rule must leave real work to a single run, or CI gains nothing from it.
    expect(selected.length).toBeLessThan(all.length)
    expect(selected).toContain("reliability/crash-recovery.test.ts")
    expect(selected).not.toContain("http/security-headers.test.ts")
  })
})
