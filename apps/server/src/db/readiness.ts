import type { Database } from "./database"
import { readMigrations } from "./migrate"

export type Readiness =
  | { ready: true }
  | {
      ready: false
      status: "migrating" | "database unavailable" | "database not answering in time"
    }

/** The tables nearly every request reads: a lock held on one of them stalls the service. */
const CORE_TABLES = ["users", "end_users", "operations", "credit_ledger", "api_keys", "payments"]

/**
 * What /readyz reports: the database answers, in time, with every migration applied, and none of
 * the core tables is locked away from requests. The JavaScript deadline covers what the server's
 * timeouts cannot: PGlite has none, and a pool whose connections all hang never starts the probe.
 */
export function readinessCheck(database: Database, deadlineMs = 3_000) {
  const expected = readMigrations().map((m) => m.version)
  return async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), deadlineMs)
    })
    try {
      const outcome = await Promise.race([probe(database, expected), late])
      return outcome === "late"
        ? { ready: false, status: "database not answering in time" }
        : outcome
    } catch (error) {
      const code = (error as { code?: unknown }).code
      const timedOut = code === "57014" || code === "55P03"
      return {
        ready: false,
        status: timedOut ? "database not answering in time" : "database unavailable",
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

async function probe(database: Database, expected: string[]): Promise<Readiness> {
  const [migrations] = await database.batch([
    "begin",
    "set local statement_timeout = 2000",
    "set local lock_timeout = 1000",
    { sql: "select version from nativ.schema_migrations", parameters: [] },
    ...CORE_TABLES.map((table) => `select from public.${table} limit 0`),
    "commit",
  ])
  const applied = new Set(migrations!.rows.map((r: { version: string }) => r.version))
  return expected.every((v) => applied.has(v))
    ? { ready: true }
    : { ready: false, status: "migrating" }
}
