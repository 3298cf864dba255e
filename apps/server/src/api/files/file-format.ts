import type { FileFormatName } from "@nativ/contracts"
import {
  FileFormatError,
  type ParsedFile,
  parseFile,
  renderFile,
  type Translation,
} from "@nativ/i18n-files"

import { ApiError } from "../api-error"
import { FileWorkerError, type FileWorkerPool } from "./file-worker-pool"
import type { FileData } from "./file-worker-protocol"

/** A file read: its text units, and how to write it again for a language. */
export type ReadFile = FileData & {
  write(
    translations: ReadonlyMap<string, Translation>,
    targetLanguage: string,
    sourceLanguage: string,
  ): Promise<string>
}

/**
 * Files up to this many characters are read and written on the event loop, sparing the many small
 * files the hop to a worker (a copy each way; a worker start after idling). Measured on the 2-core
 * machines: at 64 KB the slowest formats take about 35 ms to read (YAML) and 70–80 ms to write
 * (YAML, PO) — within the 100 ms stall the bench allows (scenario 11) — while 5 MB takes seconds.
 */
export const INLINE_MAX_CHARS = 64 * 1024

/**
 * The server's one door to @nativ/i18n-files' registry: read a file (its format from `format`,
 * else its name and content) and write it again. A file that cannot be read is a 4xx naming why
 * and, for a malformed one, the line and column; so is one that takes too long or too much memory
 * to read or write. Files over INLINE_MAX_CHARS are read and written by the worker pool; `once`
 * reads a file that is never written (a previous output), so the worker keeps holding the last.
 */
export async function readFile(
  workers: FileWorkerPool,
  content: string,
  filename: string,
  format: FileFormatName | undefined,
  { what = "content", once = false }: { what?: string; once?: boolean } = {},
): Promise<ReadFile> {
  if (content.length <= INLINE_MAX_CHARS) return readInline(content, filename, format, what)
  let data: FileData
  try {
    data = await workers.read({ content, filename, format, keep: !once })
  } catch (error) {
    throw asApiError(error, what, "read")
  }
  return {
    ...data,
    write: (translations, targetLanguage, sourceLanguage) =>
      workers
        .write({
          content,
          filename,
          format: data.format,
          translations,
          targetLanguage,
          sourceLanguage,
        })
        .catch((error: unknown) => {
          throw asApiError(error, what, "write")
        }),
  }
}

function readInline(
  content: string,
  filename: string,
  format: FileFormatName | undefined,
  what: string,
): ReadFile {
  let parsed: ParsedFile
  try {
    parsed = parseFile(content, { filename, ...(format && { format }) })
  } catch (error) {
    if (error instanceof FileFormatError) throw fileError(error, what)
    throw error
  }
  const { document: _, ...data } = parsed
  return {
    ...data,
    async write(translations, targetLanguage, sourceLanguage) {
      // One language per turn of the event loop: twenty languages are not one long stall.
      await new Promise((resolve) => setImmediate(resolve))
      return renderFile(parsed, translations, { targetLanguage, sourceLanguage })
    },
  }
}

/** What a worker's failure tells the client: too large when it took too long or too much memory. */
function asApiError(error: unknown, what: string, step: "read" | "write"): unknown {
  if (error instanceof FileFormatError) return fileError(error, what)
  if (!(error instanceof FileWorkerError)) return error
  const split = "split it into smaller files; nothing was charged"
  switch (error.reason) {
    case "time": {
      const ms = error.limitMs
      const limit = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`
      return new ApiError(
        413,
        "file_too_large",
        `${what}: the file took too long to ${step} (over ${limit}); ${split}.`,
      )
    }
    case "memory":
      return new ApiError(
        413,
        "file_too_large",
        `${what}: the file needs more memory to ${step} than one file may use; ${split}.`,
      )
    case "closed":
      return new ApiError(
        503,
        "service_unavailable",
        "The server is restarting; send the file again in a moment.",
      )
    case "unavailable":
      return new ApiError(
        503,
        "service_unavailable",
        "The server cannot read large files just now; try again in a moment.",
      )
    default:
      return new ApiError(
        400,
        "malformed_file",
        `${what}: the file could not be ${step === "read" ? "read" : "written"}; nothing was charged.`,
      )
  }
}

export function fileError(error: FileFormatError, what: string): ApiError {
  const where =
    error.line !== undefined
      ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ""})`
      : ""
  switch (error.code) {
    case "malformed":
      return new ApiError(400, "malformed_file", `${what}: ${error.message}${where}`)
    case "unknown_format":
      return new ApiError(400, "unknown_format", `${what}: ${error.message}`)
    case "unsupported_encoding":
      return new ApiError(415, "unsupported_encoding", `${what}: ${error.message}`)
    case "too_large":
      return new ApiError(413, "file_too_large", `${what}: ${error.message}`)
    default:
      return new ApiError(400, "invalid_request", `${what}: ${error.message}${where}`)
  }
}

/**
 * The translated file's name: the source language's code swapped for the target's where the name
 * carries it as a part of its own (`locales/en/app.json`, `en.json`, `app_en.arb`, `app.en.yml`,
 * `values-en/strings.xml`, `en.lproj/…`), case kept as the name wrote it. A name without it is kept.
 */
export function targetFilename(filename: string, sourceCode: string, targetCode: string) {
  const codes = new Set([sourceCode, sourceCode.split("-")[0]!])
  for (const code of [...codes].sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(
      `(^|[/\\\\._-])(${code.replace(/[-_]/g, "[-_]")})(?=$|[/\\\\._-])`,
      "gi",
    )
    if (pattern.test(filename))
      return filename.replace(pattern, (_m, before: string, found: string) => {
        const sep = found.includes("_") ? "_" : "-"
        const target = targetCode.replace("-", sep)
        return before + (found === found.toUpperCase() ? target.toUpperCase() : target)
      })
  }
  return filename
}
