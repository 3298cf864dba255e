export { CliError, describeFailure, EXIT, type ExitCode } from "./errors"
export { checkFiles, type CheckFilesOptions, type CheckFilesResult } from "./files/check-files"
export {
  type FileOutcome,
  type ProgressEvent,
  translateFiles,
  type TranslateFilesOptions,
  type TranslateFilesResult,
} from "./files/translate-files"
export { type Io, processIo } from "./io"
export { run } from "./program"
export { createSession, type Session } from "./session"
