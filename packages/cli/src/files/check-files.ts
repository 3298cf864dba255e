import { readFile } from "node:fs/promises"
import { resolve } from "node:path"

import {
  checkTranslation,
  type FileFormat,
  FileFormatError,
  type ParsedFile,
  parseFile,
  pluralCategories,
  type PluralForms,
  type TextUnit,
  type Translation,
} from "@nativ/i18n-files"
import { glob } from "tinyglobby"

import { CliError } from "../errors"
import { checkTemplate, outputPath, resolveFiles } from "./paths"
import { resolveTargets } from "./translate-files"

export type CheckFilesOptions = {
  patterns: string[]
  /** Languages to check; default: every language the output template finds on disk. */
  targets?: string[]
  out: string
  format?: FileFormat
}

export type CheckProblem = {
  source: string
  file: string
  language_code: string
  /** The string's key; absent when the whole file is at fault (unreadable, unparsable). */
  key?: string
  kind: string
  message: string
}

export type CheckFilesResult = {
  files_checked: number
  strings_checked: number
  problems: CheckProblem[]
}

/**
 * The translation a file holds for `unit` (undefined when it is not translated yet), and the plural
 * forms filled in for the check only (see `withGettextForms`).
 */
function translationOf(
  unit: TextUnit,
  format: FileFormat,
  language: string,
): { translation: Translation; filled: string[] } | undefined {
  const target = unit.target
  if (target !== undefined) {
    if (typeof target === "string")
      return target.trim() ? { translation: { text: target }, filled: [] } : undefined
    if (!Object.values(target).some((form) => form?.trim())) return undefined
    if (format !== "po") return { translation: { plural: target }, filled: [] }
    const { forms, filled } = withGettextForms(target, language)
    return { translation: { plural: forms }, filled }
  }
  // A bilingual file holds its translations in targets only; its source texts are the source's.
  if (BILINGUAL.has(format)) return undefined
  return { translation: unit.plural ? { plural: unit.plural } : { text: unit.source }, filled: [] }
}

/** Formats that hold the source beside the translation (a monolingual file is all translation). */
const BILINGUAL = new Set<FileFormat>(["po", "xliff", "csv", "xcstrings"])

/**
 * gettext holds fewer forms than CLDR names for some languages (French: one and other, CLDR adds
 * many; Russian: one, few, many, CLDR adds other); the catch-all msgstr serves the rest. A form
 * the file's Plural-Forms has no index for is filled from it for the check (and named in `filled`);
 * one it has but left out stays missing.
 */
function withGettextForms(
  forms: PluralForms,
  language: string,
): { forms: PluralForms; filled: string[] } {
  const held = Object.values(forms).filter((form): form is string => form !== undefined)
  const fallback = forms.other ?? held.at(-1) ?? ""
  const complete: Partial<PluralForms> = { ...forms }
  const filled: string[] = []
  for (const category of pluralCategories(language, "cardinal"))
    if (!(category in forms)) {
      complete[category] = fallback
      filled.push(category)
    }
  return { forms: complete as PluralForms, filled }
}

function parse(content: string, filename: string, format?: FileFormat): ParsedFile {
  return parseFile(content, { filename, ...(format ? { format } : {}) })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The languages for which the template names an existing file next to `source`. */
async function languagesOnDisk(cwd: string, template: string, source: string): Promise<string[]> {
  const marker = "\u0000lang\u0000"
  const path = outputPath(template.replace("{lang}", marker), source, { lang: "", language: "" })
  if (!path.includes(marker))
    throw new CliError("Give the languages to check with --to, or put {lang} in --out.", 2)
  const [before, after] = path.split(marker) as [string, string]
  const pattern = new RegExp(`^${escapeRegExp(before)}([^/]+)${escapeRegExp(after)}$`)
  const found = await glob(`${before.replace(/[*?[\]{}()!]/g, "\\$&")}*${after}`, {
    cwd,
    onlyFiles: true,
  })
  return found.map((file) => pattern.exec(file)?.[1]).filter((code): code is string => !!code)
}

/**
 * `nativ files check`: reads each source and its translations (offline, free) and reports every
 * string whose placeholders, ICU arguments or plural forms do not match the source.
 */
export async function checkFiles(
  cwd: string,
  options: CheckFilesOptions,
): Promise<CheckFilesResult> {
  checkTemplate(options.out)
  const sources = await resolveFiles(cwd, options.patterns)
  if (sources.length === 0) throw new CliError(`No files match ${options.patterns.join(" ")}.`)
  const explicit = options.targets?.length ? resolveTargets(options.targets) : undefined
  const result: CheckFilesResult = { files_checked: 0, strings_checked: 0, problems: [] }
  for (const source of sources) {
    let parsed: ParsedFile
    try {
      parsed = parse(await readFile(resolve(cwd, source), "utf8"), source, options.format)
    } catch (error) {
      result.problems.push(fileProblem(source, source, "", error))
      continue
    }
    const targets =
      explicit ??
      (await languagesOnDisk(cwd, options.out, source))
        .filter((code) => outputPath(options.out, source, { lang: code, language: "" }) !== source)
        .map((code) => ({ asked: code, code, name: code }))
    for (const target of targets) {
      const file = outputPath(options.out, source, { lang: target.code, language: target.name })
      const content = await readFile(resolve(cwd, file), "utf8").catch(() => undefined)
      if (content === undefined) {
        if (explicit)
          result.problems.push({
            source,
            file,
            language_code: target.code,
            kind: "missing_file",
            message: `${file} does not exist`,
          })
        continue
      }
      let translated: ParsedFile
      try {
        translated = parse(content, file, parsed.format)
      } catch (error) {
        result.problems.push(fileProblem(source, file, target.code, error))
        continue
      }
      result.files_checked++
      const byKey = new Map(translated.units.map((unit) => [unit.key, unit]))
      for (const unit of parsed.units) {
        const other = byKey.get(unit.key)
        const held = other && translationOf(other, translated.format, target.code)
        if (!held) continue
        result.strings_checked++
        // A form filled in from the catch-all would only repeat the catch-all's problems.
        const violations = checkTranslation(unit, held.translation, target.code).filter(
          (violation) => !held.filled.some((form) => violation.message.startsWith(`${form}:`)),
        )
        for (const violation of violations)
          result.problems.push({
            source,
            file,
            language_code: target.code,
            key: unit.key,
            kind: violation.kind,
            message: violation.message,
          })
      }
    }
  }
  return result
}

function fileProblem(source: string, file: string, code: string, error: unknown): CheckProblem {
  if (!(error instanceof FileFormatError)) throw error
  const at = error.line
    ? ` (line ${error.line}${error.column ? `, column ${error.column}` : ""})`
    : ""
  return { source, file, language_code: code, kind: error.code, message: `${error.message}${at}` }
}
