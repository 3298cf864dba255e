import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"

import pg from "pg"
import { inject } from "vitest"

import { type Database, openDatabase } from "../db/database"
import { migrate } from "../db/migrate"

/**
 * A fresh, migrated database per test app. On PGlite it is loaded from a migrated snapshot made
 * once by the global setup (a cold PGlite start costs seconds); with DATABASE_URL it is a new
 * database cloned from a migrated template database, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (url) return openPostgresTestDatabase(url)
  const snapshot = inject("pgliteSnapshot")
  const database = await openDatabase({
    kind: "pglite",
    dataDir: null,
    ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}),
  })
  if (!snapshot) await migrate(database.db)
  return database
}

async function openPostgresTestDatabase(url: string): Promise<Database> {
  const template = inject("pgTemplate")
  const name = `nativ_t_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`)
    // A test database lives for one test file: its commits need not wait for the disk (a commit
    // that waits for its WAL flush cost ~4 ms on a busy CI machine; the server's own durability
    // settings are unchanged). Sessions of the servers that tests start take it too.
    await admin.query(`alter database ${name} set synchronous_commit = off`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 10 })
  if (!template) await migrate(database.db)
  return {
    ...database,
    async close() {
      await database.close()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
