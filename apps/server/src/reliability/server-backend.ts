import { randomBytes } from "node:crypto"
import { rmSync } from "node:fs"

import pg from "pg"
import { inject } from "vitest"

import { openDatabase } from "../db/database"
import { migratedDataDir } from "../testing/data-dir"

/**
 * The data a server process runs on, for the backend this test run uses: a fresh, migrated PGlite
 * data directory, or (with DATABASE_URL) a fresh database cloned from the migrated template. `query`
 * reads it from the test; on PGlite only while no server holds the directory.
 */
export type ServerBackend = {
  kind: "pglite" | "postgres"
  /** Variables that point a server process at this data, with a fixed JWT secret. */
  env: Record<string, string>
  query<T>(text: string, params?: unknown[]): Promise<T[]>
  dispose(): Promise<void>
}

export async function serverBackend(): Promise<ServerBackend> {
  const jwt = { JWT_SECRET: randomBytes(32).toString("hex") }
  const url = process.env.DATABASE_URL
  if (!url) {
    const dataDir = migratedDataDir("nativ-rel-")
    return {
      kind: "pglite",
      env: { ...jwt, DATA_DIR: dataDir },
      async query<T>(text: string, params: unknown[] = []) {
        const database = await openDatabase({ kind: "pglite", dataDir })
        try {
          return (await database.batch([{ sql: text, parameters: params }]))[0]!.rows as T[]
        } finally {
          await database.close()
        }
      },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }

  const name = `nativ_rel_${randomBytes(6).toString("hex")}`
  const template = inject("pgTemplate")
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ""}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    kind: "postgres",
    env: { ...jwt, DATABASE_URL: target.toString() },
    async query<T>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: target.toString() })
      await client.connect()
      try {
        return (await client.query(text, params)).rows as T[]
      } finally {
        await client.end()
      }
    },
    dispose: () => adminQuery(url, `drop database if exists ${name} with (force)`),
  }
}

async function adminQuery(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}
