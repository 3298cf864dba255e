import type { FileWorkerPool } from "./api/files/file-worker-pool"
import type { Jwt } from "./identity/jwt"
import type { Database } from "./db/database"
import type { CulturalizeEngine } from "./engine/types"
import type { Env } from "./env"
import type { Logger } from "./logger"
import type { Mailer } from "./mail/mailer"
import type { TmSearch } from "./api/translation-memory/tm-search-index"
import type { Throttle } from "./throttle/throttle"
import type { ImageProvider } from "./visuals/image-provider"
import type { OcrPool } from "./visuals/ocr-pool"
import type { VisionProvider } from "./visuals/vision-provider"

/** Everything a module needs, built once at boot (or per test) and passed to each module's routes. */
export type AppDeps = {
  env: Env
  database: Database
  logger: Logger
  jwt: Jwt
  keys: { anon: string; serviceRole: string }
  mailer: Mailer
  engine: CulturalizeEngine
  /** OCR workers, started on the first image read and ended at shutdown (visuals/ocr-pool.ts). */
  ocr: OcrPool
  /** Worker threads reading and writing large i18n files, started on the first (api/files). */
  fileWorkers: FileWorkerPool
  /** The vision model (VISION_MODEL), or null when none is configured. */
  vision: VisionProvider | null
  /** The image model (IMAGE_MODEL), or null: /image/culturalize then repaints locally. */
  imageModel: ImageProvider | null
  /** Fuzzy translation-memory search, from memory for large memories (closed before the database). */
  tmSearch: TmSearch
  /** Rate limits, shared by every replica on one PostgreSQL database (throttle/throttle.ts). */
  throttle: Throttle
  /** The time; tests move it to expire tokens and keys. */
  clock: () => Date
}
