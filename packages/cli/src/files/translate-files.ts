import { mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, resolve } from "node:path"

import { resolveLanguage } from "@nativ/contracts"
import type {
  FileCulturalizeResponse,
  FileJob,
  FileResult,
  FileTool,
  FileWarning,
} from "@nativ/contracts"
import { NativApiError } from "@nativ/client"

import { CliError, usageError } from "../errors"
import type { Session } from "../session"
import { checkTemplate, outputPath, resolveFiles } from "./paths"

/** The server's limit on target languages per request. */
const TARGETS_PER_REQUEST = 20
const JOB_POLL_MS = 1000

export type TranslateFilesOptions = {
  /** Source files: paths, directories or globs, relative to the session's cwd. */
  patterns: string[]
  /** Target languages, by code or name. */
  targets: string[]
  /** Output path template ({lang}, {language}, {name}, {stem}, {ext}, {dir}). */
  out: string
  sourceLanguage?: string
  format?: string
  formality?: string
  glossaryId?: string
  context?: string
  tool: FileTool
  /** Send each previous output as `existing` (default): only new or changed strings cost. */
  incremental?: boolean
  dryRun?: boolean
  onProgress?: (event: ProgressEvent) => void
}

export type ProgressEvent =
  | { kind: "start"; total: number }
  | { kind: "file"; outcome: FileOutcome }
  | { kind: "failed"; source: string; message: string }

export type FileOutcome = {
  source: string
  output: string
  language_code: string
  language: string
  format: string
  strings_total: number
  strings_translated: number
  strings_from_memory: number
  cost: number
  warnings: FileWarning[]
  /** The output file's content changed (false on a dry run). */
  written: boolean
}

export type TranslateFilesResult = {
  files: FileOutcome[]
  failures: { source: string; message: string }[]
  cost: number
  strings_translated: number
  dry_run: boolean
}

export type Target = { asked: string; code: string; name: string }

/** Target languages resolved as the server resolves them, so output paths are known up front. */
export function resolveTargets(targets: string[]): Target[] {
  const out = new Map<string, Target>()
  for (const asked of targets.map((t) => t.trim()).filter(Boolean)) {
    const resolution = resolveLanguage({ name: asked })
    if (!resolution.ok) throw usageError(resolution.message.replace(/^language /, "--to: "))
    out.set(resolution.language.code, { asked, ...resolution.language })
  }
  if (out.size === 0) throw usageError("Give at least one target language (--to fr,de,ja).")
  return [...out.values()]
}

const readIfExists = (path: string) => readFile(path, "utf8").catch(() => undefined)

/**
 * Localizes files through POST /files/culturalize, one request per file (and per 20 languages):
 * the previous outputs go along as `existing`, so unchanged strings are free and human edits stay;
 * each language's file is written only when its content changed. A file the server refuses
 * (malformed, unknown format) is reported and the others go on; sign-in and credit failures stop
 * everything.
 */
export async function translateFiles(
  session: Session,
  options: TranslateFilesOptions,
): Promise<TranslateFilesResult> {
  const { cwd } = session.io
  checkTemplate(options.out)
  const targets = resolveTargets(options.targets)
  const sources = await resolveFiles(cwd, options.patterns)
  if (sources.length === 0) throw new CliError(`No files match ${options.patterns.join(" ")}.`)
  const outputs = new Set<string>()
  for (const source of sources)
    for (const target of targets) {
      const output = outputPath(options.out, source, { lang: target.code, language: target.name })
      if (sources.includes(output))
        throw usageError(`--out would overwrite the source file ${source}; put {lang} in the path.`)
      if (outputs.has(output))
        throw usageError(`--out writes two files to ${output}; add {name} or {stem} to the path.`)
      outputs.add(output)
    }

  const result: TranslateFilesResult = {
    files: [],
    failures: [],
    cost: 0,
    strings_translated: 0,
    dry_run: Boolean(options.dryRun),
  }
  options.onProgress?.({ kind: "start", total: sources.length * targets.length })
  for (const source of sources) {
    const content = await readFile(resolve(cwd, source), "utf8")
    for (let at = 0; at < targets.length; at += TARGETS_PER_REQUEST) {
      const group = targets.slice(at, at + TARGETS_PER_REQUEST)
      const paths = new Map(
        group.map((t) => [
          t.code,
          outputPath(options.out, source, { lang: t.code, language: t.name }),
        ]),
      )
      const existing: Record<string, string> = {}
      if (options.incremental !== false)
        for (const target of group) {
          const previous = await readIfExists(resolve(cwd, paths.get(target.code)!))
          if (previous !== undefined) existing[target.code] = previous
        }
      let files: FileResult[]
      try {
        files = await culturalizeFile(session, {
          filename: source,
          content,
          target_languages: group.map((t) => t.code),
          ...(options.sourceLanguage ? { source_language: options.sourceLanguage } : {}),
          ...(options.format ? { format: options.format } : {}),
          ...(options.formality ? { formality: options.formality } : {}),
          ...(options.glossaryId ? { glossary_id: options.glossaryId } : {}),
          ...(options.context ? { context: options.context } : {}),
          ...(Object.keys(existing).length ? { existing } : {}),
          tool: options.tool,
          ...(options.dryRun ? { dry_run: true } : {}),
        })
      } catch (error) {
        // The file's own problem (400 malformed, 413, 415, 422): report it, go on with the others.
        if (error instanceof NativApiError && [400, 413, 415, 422].includes(error.status)) {
          const failure = { source, message: error.message }
          result.failures.push(failure)
          options.onProgress?.({ kind: "failed", ...failure })
          break
        }
        throw error
      }
      for (const file of files) {
        const output =
          paths.get(file.language_code) ??
          outputPath(options.out, source, { lang: file.language_code, language: file.language })
        let written = false
        if (!options.dryRun) {
          const full = resolve(cwd, output)
          if ((await readIfExists(full)) !== file.content) {
            await mkdir(dirname(full), { recursive: true })
            await writeFile(full, file.content)
            written = true
          }
        }
        const outcome: FileOutcome = {
          source,
          output,
          language_code: file.language_code,
          language: file.language,
          format: file.format,
          strings_total: file.strings_total,
          strings_translated: file.strings_translated,
          strings_from_memory: file.strings_from_memory,
          cost: file.cost,
          warnings: file.warnings,
          written,
        }
        result.files.push(outcome)
        result.cost += file.cost
        result.strings_translated += file.strings_translated
        options.onProgress?.({ kind: "file", outcome })
      }
    }
  }
  return result
}

type Request = Record<string, unknown>

/** One request; a large file becomes a job (202), followed until it ends and its files fetched. */
async function culturalizeFile(session: Session, body: Request): Promise<FileResult[]> {
  const answer = await session.call<FileCulturalizeResponse | FileJob>(
    "POST",
    "/files/culturalize",
    body,
  )
  if (body.dry_run && !(answer as FileCulturalizeResponse).dry_run)
    throw new CliError(
      "This server does not support --dry-run for files (its answer was not an estimate).",
    )
  if ("progress" in answer) return followJob(session, answer)
  return answer.files
}

async function followJob(session: Session, started: FileJob): Promise<FileResult[]> {
  let job = started
  while (job.status === "queued" || job.status === "running") {
    await session.io.sleep(JOB_POLL_MS)
    job = await session.call<FileJob>("GET", `/jobs/${encodeURIComponent(job.id)}`)
  }
  if (job.status === "failed") {
    const failed = job.files.find((file) => file.error)
    throw new CliError(`${job.filename}: ${failed?.error?.message ?? "the job failed"}`)
  }
  const files: FileResult[] = []
  for (const file of job.files) {
    if (file.status !== "completed" || !file.download_url)
      throw new CliError(
        `${job.filename} (${file.language}): ${file.error?.message ?? "not translated"}`,
      )
    files.push({ ...file, content: await session.download(file.download_url) })
  }
  return files
}
