import { sql } from "kysely"
import { afterEach, describe, expect, it } from "vitest"

import { type Database, openDatabase } from "./database"
import { isMigrated, type Migration, migrate, readMigrations } from "./migrate"

let database: Database | undefined
afterEach(async () => {
  await database?.close()
  database = undefined
})

describe("migrations", () => {
  it("are named YYYYMMDDhhmmss_name.sql and read in order", () => {
    const migrations = readMigrations()
    expect(migrations.length).toBeGreaterThanOrEqual(2)
    expect(migrations[0]!.name).toBe("bootstrap")
    const versions = migrations.map((m) => m.version)
    expect([...versions].sort()).toEqual(versions)
  })

  it("apply once, are recorded, and roll back a failing file whole", async () => {
    database = await openDatabase({ kind: "pglite", dataDir: null })
    const good: Migration = {
      version: "20990101000000",
      name: "good",
      sql: "create table public.t1 (id int)",
    }
    const bad: Migration = {
      version: "20990101000001",
      name: "bad",
      sql: "create table public.t2 (id int); select no_such_function();",
    }
    expect(await migrate(database.db, [good])).toEqual(["20990101000000_good"])
    expect(await migrate(database.db, [good])).toEqual([])
    await expect(migrate(database.db, [good, bad])).rejects.toThrow(/no_such_function/)
    const t2 = await sql<{
      exists: boolean
    }>`select to_regclass('public.t2') is not null as exists`.execute(database.db)
    expect(t2.rows[0]!.exists).toBe(false)
    expect(await isMigrated(database.db, [good])).toBe(true)
    expect(await isMigrated(database.db, [good, bad])).toBe(false)
  }, 60_000)
})
