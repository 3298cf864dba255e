import { createFileWorkerPool } from "./api/files/file-worker-pool"
import { createTmSearch } from "./api/translation-memory/tm-search-index"
import { createJwt } from "./identity/jwt"
import { type Database, type DatabaseOptions, openDatabase } from "./db/database"
import { migrate } from "./db/migrate"
import type { AppDeps } from "./deps"
import { createEngine, engineConfigFromEnv } from "./engine"
import type { CulturalizeEngine } from "./engine/types"
import type { Env } from "./env"
import type { Logger } from "./logger"
import { createMailer } from "./mail/create-mailer"
import { createThrottle } from "./throttle/throttle"
import { createImageProvider } from "./visuals/image-provider"
import { createOcrPool } from "./visuals/ocr-pool"
import { createVisionProvider } from "./visuals/vision-provider"

export type ServiceOverrides = {
  database?: Database
  clock?: () => Date
  /** Tests substitute engines that fail or stall. */
  engine?: CulturalizeEngine
}

export function databaseOptions(env: Env, logger?: Logger): DatabaseOptions {
  const onConnectionError = (err: Error) =>
    logger?.warn({ err }, "database connection lost; requests using it answer 503")
  return env.DATABASE_URL
    ? {
        kind: "postgres",
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
        onConnectionError,
      }
    : { kind: "pglite", dataDir: env.DATA_DIR, onConnectionError }
}

/** Boot order: database → migrations → keys → mailer and engine. Shared by the server, the CLI and tests. */
export async function createServices(
  env: Env,
  logger: Logger,
  jwtSecret: string,
  overrides: ServiceOverrides = {},
): Promise<AppDeps> {
  const database = overrides.database ?? (await openDatabase(databaseOptions(env, logger)))
  try {
    const applied = await migrate(database.db)
    if (applied.length) logger.info({ applied }, "migrations applied")
  } catch (error) {
    await database.close()
    throw error
  }
  const jwt = createJwt(jwtSecret, `${env.PUBLIC_URL}/auth/v1`)
  const keys = { anon: await jwt.anonKey(), serviceRole: await jwt.serviceRoleKey() }
  const clock = overrides.clock ?? (() => new Date())
  const throttle = createThrottle(
    database.kind === "postgres" ? { kind: "postgres", pool: database.pool } : { kind: "memory" },
    logger,
    clock,
  )
  return {
    env,
    database,
    logger,
    jwt,
    keys,
    clock,
    throttle,
    mailer: createMailer({ env, logger, database }),
    engine: overrides.engine ?? createEngine(engineConfigFromEnv(env)),
    ocr: createOcrPool({ workers: env.OCR_WORKERS, maxQueued: env.OCR_QUEUE_MAX, logger }),
    fileWorkers: createFileWorkerPool({ logger }),
    tmSearch: createTmSearch(database.db, {
      minEntries: env.TM_INDEX_MIN_ENTRIES,
      maxEntries: env.TM_INDEX_MAX_ENTRIES,
      logger,
    }),
    vision: env.VISION_MODEL
      ? createVisionProvider({
          model: env.VISION_MODEL,
          baseUrl: env.VISION_BASE_URL,
          apiKey: env.VISION_API_KEY,
          timeoutMs: env.ENGINE_TIMEOUT_MS,
        })
      : null,
    imageModel: env.IMAGE_MODEL
      ? createImageProvider({
          model: env.IMAGE_MODEL,
          baseUrl: env.IMAGE_BASE_URL,
          apiKey: env.IMAGE_API_KEY,
          timeoutMs: env.ENGINE_TIMEOUT_MS,
        })
      : null,
  }
}
