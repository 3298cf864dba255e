import type { FileFormatName } from "@nativ/contracts"
import {
  type FileErrorCode,
  FileFormatError,
  type ParsedFile,
  type Translation,
} from "@nativ/i18n-files"

/**
 * What crosses between the server and a file worker (file-worker.ts): plain, structured-cloneable
 * data only. A format handler's parsed document stays in the worker that read it; writing a file
 * sends its text again with the translations, and the worker reads it again unless it still holds it.
 */

/** A file read: everything of a ParsedFile but its handler's document. */
export type FileData = Omit<ParsedFile, "document">

export type ReadTask = {
  kind: "read"
  content: string
  filename: string
  format: FileFormatName | undefined
  /** Hold the parsed document for the writes that follow (not for a previous output, read once). */
  keep: boolean
}

export type WriteTask = {
  kind: "write"
  content: string
  filename: string
  format: FileFormatName
  translations: ReadonlyMap<string, Translation>
  targetLanguage: string
  sourceLanguage: string
}

export type FileTask = ReadTask | WriteTask

export type TaskRequest = { id: number; task: FileTask }

/** A FileFormatError as it crosses the boundary (an Error's own fields are not cloned). */
type WireFormatError = {
  code: FileErrorCode
  message: string
  line: number | undefined
  column: number | undefined
}

export type TaskReply =
  | { id: number; ok: true; value: FileData | string }
  | { id: number; ok: false; formatError: WireFormatError }
  | { id: number; ok: false; failure: string }

/** The worker's first message: it has loaded the formats and takes tasks. */
export const READY = "ready"

export const toWire = (error: FileFormatError): WireFormatError => ({
  code: error.code,
  message: error.message,
  line: error.line,
  column: error.column,
})

export const fromWire = (wire: WireFormatError): FileFormatError =>
  new FileFormatError(wire.code, wire.message, {
    ...(wire.line !== undefined && { line: wire.line }),
    ...(wire.column !== undefined && { column: wire.column }),
  })
