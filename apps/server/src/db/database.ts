import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import { Kysely, PostgresDialect } from "kysely"
import pg from "pg"

import { type Afterwards, runBatch, type Step } from "./batch"
import { lockDataDir } from "./data-dir-lock"
import type { DB, Db } from "./schema"

// int8 (bigint) and numeric come back as strings by default; credits and counts fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))

export type Database = {
  /** The query layer: the same Kysely over PGlite and over a PostgreSQL server. */
  db: Db
  kind: "pglite" | "postgres"
  /** Plain commands and parameterized statements in one round trip (see batch.ts). */
  batch<T = pg.QueryResult[]>(steps: Step[], afterwards?: Afterwards<T>): Promise<T>
  /** Where the data lives, for the start-up banner (never contains a password). */
  location: string
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball (test snapshots). */
  dump?: () => Promise<Blob>
}

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; poolSize: number }

/**
 * Opens the database. PGlite runs in-process (null dataDir = in memory, for tests) behind
 * node-postgres' Pool interface, so Kysely's PostgresDialect serves both and no code path exists
 * for only one of them.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize })
    pool.on("error", () => {}) // an idle client's broken connection is replaced on next use
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    await pool.query("select 1")
    return {
      db,
      kind: "postgres",
      batch: (steps, afterwards) => runBatch(pool, steps, afterwards),
      location: redact(options.url),
      close: () => db.destroy(),
    }
  }

  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  try {
    const pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig)
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      kind: "pglite",
      batch: (steps, afterwards) => runBatch(pool, steps, afterwards),
      location: options.dataDir ?? "memory",
      dump: () => pglite.dumpDataDir("none"),
      async close() {
        await db.destroy()
        await pglite.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

function redact(url: string) {
  try {
    const u = new URL(url)
    if (u.password) u.password = "***"
    return u.toString()
  } catch {
    return "postgres"
  }
}
