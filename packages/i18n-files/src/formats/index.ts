import { detectFormat } from "../detect"
import { checkSize, resolveLimits } from "../limits"
import type {
  FileFormat,
  FileLimits,
  FormatHandler,
  ParsedFile,
  RenderOptions,
  Translation,
} from "../types"
import { FileFormatError } from "../types"
import { androidHandler } from "./android"
import { arbHandler } from "./arb"
import { csvHandler } from "./csv"
import { i18nextHandler } from "./i18next"
import { jsonHandler } from "./json"
import { poHandler } from "./po"
import { stringsHandler } from "./strings"
import { stringsdictHandler } from "./stringsdict"
import { xcstringsHandler } from "./xcstrings"
import { xliffHandler } from "./xliff"
import { yamlHandler } from "./yaml"

/** Every format handler, one per format: adding a format is one import and one entry. */
export const HANDLERS: readonly FormatHandler[] = [
  jsonHandler,
  i18nextHandler,
  arbHandler,
  xcstringsHandler,
  yamlHandler,
  csvHandler,
  poHandler,
  xliffHandler,
  androidHandler,
  stringsHandler,
  stringsdictHandler,
]

export function handlerFor(format: FileFormat): FormatHandler {
  const handler = HANDLERS.find((candidate) => candidate.format === format)
  if (!handler)
    throw new FileFormatError("unknown_format", `The format "${format}" is not supported yet.`)
  return handler
}

export interface ParseFileOptions {
  /** The format, when the caller knows it; otherwise detected from `filename` and the content. */
  format?: FileFormat
  filename?: string
  limits?: Partial<FileLimits>
  /** See `ParseOptions.targetLanguage`: the existing translations of one language, where the file keeps them all. */
  targetLanguage?: string
}

/** Reads a file as its format (given or detected), within the limits. */
export function parseFile(content: string, options: ParseFileOptions = {}): ParsedFile {
  const limits = resolveLimits(options.limits)
  checkSize(content, limits)
  const format = options.format ?? detectFormat(options.filename ?? "", content)
  if (!format)
    throw new FileFormatError(
      "unknown_format",
      options.filename
        ? `Cannot tell the format of "${options.filename}": name the format or use a known file extension.`
        : "Cannot tell the file's format: give a file name or the format.",
    )
  return handlerFor(format).parse(content, {
    limits,
    ...(options.filename !== undefined && { filename: options.filename }),
    ...(options.targetLanguage !== undefined && { targetLanguage: options.targetLanguage }),
  })
}

/** Writes a parsed file for the target language with the translations (by unit key) put in. */
export function renderFile(
  file: ParsedFile,
  translations: ReadonlyMap<string, Translation>,
  options: RenderOptions,
): string {
  return handlerFor(file.format).render(file, translations, options)
}
