import { readFileSync } from "node:fs"

import { beforeAll, describe, expect, it } from "vitest"

import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./generate"

describe("generated database types", () => {
  let source: string
  beforeAll(async () => {
    source = await generateDatabaseTypes()
  }, 60_000)

  it("match the migrations (run `npm run gen:types` after changing one)", async () => {
    const committed = readFileSync(DATABASE_TYPES_FILE, "utf8")
    expect(source, "packages/contracts/src/database.types.ts is stale").toBe(committed)
  })

  it("describe what the dashboard reads: nullable columns, defaults, identities and RPC results", async () => {
    // users.name is nullable, credits has a default, operations.id is generated always, as is
    // users.low_balance_below (computed from the balance and the threshold).
    expect(source).toMatch(
      /users: \{\s+Row: \{\s+created_at: string\s+credits: number\s+(?:\w+: [^\n]+\s+)*?id: string\s+(?:\w+: [^\n]+\s+)*?name: string \| null/,
    )
    expect(source).toMatch(/users: \{[\s\S]*?Insert: \{[\s\S]*?low_balance_below\?: never/)
    expect(source).toMatch(/operations: \{[\s\S]*?Insert: \{[\s\S]*?id\?: never/)
    expect(source).toMatch(
      /operation_daily_counts: \{\s+Args: \{\s+time_zone\?: string\s+\}\s+Returns: \{\s+count: number\s+date: string\s+\}\[\]/,
    )
  })
})
