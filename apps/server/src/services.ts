import { createJwt } from "./auth/jwt"
import { type Database, type DatabaseOptions, openDatabase } from "./db/database"
import { migrate } from "./db/migrate"
import type { AppDeps } from "./deps"
import { createEngine, engineConfigFromEnv } from "./engine"
import type { CulturalizeEngine } from "./engine/types"
import type { Env } from "./env"
import type { Logger } from "./logger"
import { createMailer } from "./mail/create-mailer"

export type ServiceOverrides = {
  database?: Database
  clock?: () => Date
  /** Tests substitute engines that fail or stall. */
  engine?: CulturalizeEngine
}

export function databaseOptions(env: Env): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: "pglite", dataDir: env.DATA_DIR }
}

/** Boot order: database → migrations → keys → mailer and engine. Shared by the server, the CLI and tests. */
export async function createServices(
  env: Env,
  logger: Logger,
  jwtSecret: string,
  overrides: ServiceOverrides = {},
): Promise<AppDeps> {
  const database = overrides.database ?? (await openDatabase(databaseOptions(env)))
  try {
    const applied = await migrate(database.db)
    if (applied.length) logger.info({ applied }, "migrations applied")
  } catch (error) {
    await database.close()
    throw error
  }
  const jwt = createJwt(jwtSecret, `${env.PUBLIC_URL}/auth/v1`)
  const keys = { anon: await jwt.anonKey(), serviceRole: await jwt.serviceRoleKey() }
  return {
    env,
    database,
    logger,
    jwt,
    keys,
    clock: overrides.clock ?? (() => new Date()),
    mailer: createMailer({ env, logger, database }),
    engine: overrides.engine ?? createEngine(engineConfigFromEnv(env)),
  }
}
