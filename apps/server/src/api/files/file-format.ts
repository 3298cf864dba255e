import type { FileFormatName } from "@nativ/contracts"
import {
  FileFormatError,
  type ParsedFile,
  parseFile,
  renderFile,
  type Translation,
} from "@nativ/i18n-files"

import { ApiError } from "../api-error"

/**
 * The server's one door to @nativ/i18n-files' registry: read a file (its format from `format`,
 * else its name and content) and write it again. A file that cannot be read is a 4xx naming why
 * and, for a malformed one, the line and column.
 */
export function readFile(
  content: string,
  filename: string,
  format: FileFormatName | undefined,
  what = "content",
): ParsedFile {
  try {
    return parseFile(content, { filename, ...(format && { format }) })
  } catch (error) {
    if (error instanceof FileFormatError) throw fileError(error, what)
    throw error
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

export function writeFile(
  parsed: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  targetLanguage: string,
  sourceLanguage: string,
): string {
  return renderFile(parsed, translations, { targetLanguage, sourceLanguage })
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
