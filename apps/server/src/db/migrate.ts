import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { sql } from "kysely"

import type { Db } from "./schema"

export type Migration = { version: string; name: string; sql: string }

const FILE_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/

/** Finds supabase/migrations by walking up from this module (works from src/ and from dist/). */
export function findMigrationsDir(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const candidate = join(dir, "supabase", "migrations")
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) throw new Error("supabase/migrations not found above " + from)
    dir = parent
  }
}

export function readMigrations(dir = findMigrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_NAME.test(f))
    .sort()
    .map((file) => {
      const [, version, name] = FILE_NAME.exec(file)!
      return { version: version!, name: name!, sql: readFileSync(join(dir, file), "utf8") }
    })
}

/**
 * Applies pending migrations in order, each in its own transaction, recording them in
 * nativ.schema_migrations. A transaction-scoped advisory lock keeps two starting replicas from
 * applying the same migration twice.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await sql`create schema if not exists nativ`.execute(db)
  await sql`create table if not exists nativ.schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`.execute(db)
  const applied: string[] = []
  for (const migration of migrations) {
    await db.transaction().execute(async (trx) => {
      // A migration may rewrite a large table and waits for a replica migrating the same file.
      await sql`set local statement_timeout = 0`.execute(trx)
      await sql`set local lock_timeout = 0`.execute(trx)
      await sql`select pg_advisory_xact_lock(727274)`.execute(trx)
      const done =
        await sql`select 1 from nativ.schema_migrations where version = ${migration.version}`.execute(
          trx,
        )
      if (done.rows.length) return
      await sql.raw(migration.sql).execute(trx)
      await sql`insert into nativ.schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(
        trx,
      )
      applied.push(`${migration.version}_${migration.name}`)
    })
  }
  return applied
}

/** True when every migration file is recorded as applied (the readiness check). */
export async function isMigrated(db: Db, migrations = readMigrations()): Promise<boolean> {
  const result = await sql<{
    version: string
  }>`select version from nativ.schema_migrations`.execute(db)
  const applied = new Set(result.rows.map((r) => r.version))
  return migrations.every((m) => applied.has(m.version))
}
