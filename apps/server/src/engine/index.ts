// The culturalize engine: pure logic, no HTTP framework, no database.
export {
  createEngine,
  type EngineConfig,
  engineConfigFromEnv,
  type EngineEnv,
} from "./create-engine"
export {
  EngineAbortedError,
  EngineConfigError,
  EngineError,
  EngineOutputError,
  EngineProviderError,
  EngineTimeoutError,
} from "./errors"
export type { CulturalizeEngine, CulturalizeInput, CulturalizeResult, GlossaryEntry } from "./types"
