// What the GitHub Action runs: translating files through the API, without the offline checker's
// format parsers (they stay out of the Action's bundle).
export { describeFailure, EXIT } from "./errors"
export {
  type FileOutcome,
  translateFiles,
  type TranslateFilesResult,
} from "./files/translate-files"
export { processIo } from "./io"
export { createSession, type Session } from "./session"
