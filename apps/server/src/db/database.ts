import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
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
  /** The connection pool under `db` (shared-state helpers such as the rate-limit store use it). */
  pool: pg.Pool
  /** Plain commands and parameterized statements in one round trip (see batch.ts). */
  batch<T = pg.QueryResult[]>(steps: Step[], afterwards?: Afterwards<T>): Promise<T>
  /** Where the data lives, for the start-up banner (never contains a password). */
  location: string
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball (test snapshots). */
  dump?: () => Promise<Blob>
}

export type DatabaseOptions = (
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob }
  | {
      kind: "postgres"
      url: string
      poolSize: number
      /** Longest a statement may run, and wait for a lock, before it fails (ms; 0 = no limit). */
      statementTimeoutMs?: number
      lockTimeoutMs?: number
    }
) & {
  /** Told about a connection that broke while no query was waiting on it (logged by the server). */
  onConnectionError?: (error: Error) => void
}

/** How long a request waits for a connection (a dead server, or a pool busy with hung work). */
const CONNECT_TIMEOUT_MS = 5_000

/**
 * Opens the database. PGlite runs in-process (null dataDir = in memory, for tests) behind
 * node-postgres' Pool interface, so Kysely's PostgresDialect serves both and no code path exists
 * for only one of them.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onConnectionError = options.onConnectionError ?? (() => {})
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? 0,
      lock_timeout: options.lockTimeoutMs ?? 0,
    })
    survivesBrokenConnections(pool, onConnectionError)
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    await pool.query("select 1")
    return {
      db,
      kind: "postgres",
      pool,
      batch: (steps, afterwards) => runBatch(pool, steps, afterwards),
      location: redact(options.url),
      close: () => db.destroy(),
    }
  }

  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  try {
    const pglite = await PGlite.create({
      // translation memory's fuzzy search (supabase/migrations/*_translation_memory.sql)
      extensions: { pg_trgm },
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig)
    survivesBrokenConnections(pool, onConnectionError)
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return {
      db,
      kind: "pglite",
      pool,
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

/**
 * node-postgres emits `error` on a client whose connection breaks (a terminated backend, a
 * restart, PGlite failing) while no query is waiting on it; with no listener Node would throw it
 * and kill the process. The pool listens on idle clients only, so every client gets a listener
 * for its whole life. The broken client is not queryable any more: the request using it fails
 * (answered 503, see unavailable.ts) and the pool drops it on release and connects afresh.
 */
function survivesBrokenConnections(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on("error", onError)
  pool.on("connect", (client) => client.on("error", onError))
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
