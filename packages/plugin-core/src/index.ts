export {
  type Account,
  type BatchRequest,
  type BatchResponse,
  type FormalityOption,
  type GlossarySummary,
  type Language,
  NativApi,
  type ShortenRequest,
} from "./api"
export {
  BATCH_CHARACTERS_MAX,
  BATCH_ITEMS_MAX,
  type BatchApi,
  CancelToken,
  distinctTexts,
  type LocalizeOutcome,
  type LocalizeProgress,
  type LocalizeSettings,
  localizeTexts,
  planBatches,
  type SkippedText,
  type SourceText,
  type TargetLanguage,
  translationFor,
} from "./batching"
export {
  type DeviceAuthorization,
  pollDeviceToken,
  requestDeviceCode,
  type TokenResponse,
} from "./device-login"
export {
  CancelledError,
  ConnectionRevokedError,
  creditsFromMessage,
  InsufficientCreditsError,
  PluginError,
  type PluginErrorKind,
  toPluginError,
} from "./errors"
export { limitedKey, translationKey } from "./keys"
export { isRightToLeft } from "./languages"
export {
  classifyOverflow,
  findOverflows,
  type MeasuredText,
  type Overflow,
  type OverflowSeverity,
} from "./overflow"
export { PSEUDO_EXPANSION, PSEUDO_LOCALE, pseudoLocalize } from "./pseudo"
export { type DeviceLogin, NativSession, PLUGIN_SCOPE, type SessionOptions } from "./session"
export { memoryStorage, type TokenStorage } from "./storage"
