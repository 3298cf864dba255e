import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import pg from "pg"
import type { TestProject } from "vitest/node"

import { openDatabase } from "../db/database"
import { migrate } from "../db/migrate"

/**
 * Migrates once per test run: a PGlite snapshot file and data directory, or (with DATABASE_URL) a template database
 * that each test database is cloned from.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    // One per project: a Vitest run of several projects sets each up in the same process.
    const template = `nativ_tpl_${process.pid}_${project.name.replace(/\W/g, "_").toLowerCase()}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${template} with (force)`)
    await admin.query(`create database ${template}`)
    await admin.end()
    const target = new URL(url)
    target.pathname = `/${template}`
    const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 2 })
    await migrate(database.db)
    await database.close()
    project.provide("pgTemplate", template)
    return async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${template} with (force)`)
      await client.end()
    }
  }

  const dir = mkdtempSync(join(tmpdir(), "nativ-test-"))
  const database = await openDatabase({ kind: "pglite", dataDir: null })
  await migrate(database.db)
  const snapshotPath = join(dir, "snapshot.tar")
  const dump = await database.dump!()
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide("pgliteSnapshot", snapshotPath)
  // The same, as a data directory that server processes start from (testing/data-dir.ts).
  const dataDir = join(dir, "data")
  await (await openDatabase({ kind: "pglite", dataDir, loadDataDir: dump })).close()
  project.provide("pgliteDataDir", dataDir)
  return () => rmSync(dir, { recursive: true, force: true })
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate?: string
    pgliteSnapshot?: string
    pgliteDataDir?: string
  }
}
