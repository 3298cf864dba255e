import {
  FILE_MAX_BYTES,
  FILE_TARGETS_MAX,
  type FileCulturalizeRequest,
  fileCulturalizeFields,
  languageByCode,
  type ResolvedLanguage,
  resolveLanguage,
} from "@nativ/contracts"
import { decodeFile, FileFormatError } from "@nativ/i18n-files"
import { z } from "zod"

import { ApiError } from "../api-error"
import type { CompanyLanguage } from "../culturalize/request-languages"

/** A file request once read, whichever way it was sent (JSON or multipart). */
export type FileRequest = Omit<FileCulturalizeRequest, "target_languages" | "existing"> & {
  /** The languages as sent, one entry each, trimmed, without empties or repeats. */
  targets: string[]
  /** Previous outputs, keyed as sent (a language as given in target_languages, or its code). */
  existing: Record<string, string>
  /** The file's size in bytes (UTF-8), which decides between an answer and a job. */
  bytes: number
}

const megabytes = FILE_MAX_BYTES / 1024 / 1024

export const tooLarge = () =>
  new ApiError(413, "file_too_large", `The file is larger than ${megabytes} MB.`)

/** The JSON body, checked for size and languages. */
export function fromJson(body: FileCulturalizeRequest): FileRequest {
  const bytes = Buffer.byteLength(body.content, "utf8")
  if (bytes > FILE_MAX_BYTES) throw tooLarge()
  if (!body.content.trim())
    throw new ApiError(400, "invalid_request", "content: the file is empty.")
  const { target_languages, existing, ...rest } = body
  return { ...rest, targets: targetList(target_languages), existing: existing ?? {}, bytes }
}

type FormFields = {
  [K in keyof typeof fileCulturalizeFields]?: unknown
} & { file?: unknown; existing?: unknown }

/**
 * The multipart form: the file in `file` (UTF-8, or UTF-16 with a byte order mark; anything else
 * is a 415 naming the encoding), `existing` as JSON text, the other fields as text. The filename
 * defaults to the uploaded file's name.
 */
export async function fromForm(form: FormFields): Promise<FileRequest> {
  const file = form.file
  if (!(file instanceof File))
    throw new ApiError(400, "invalid_request", "file: attach the file in the `file` field.")
  if (file.size > FILE_MAX_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.length === 0) throw new ApiError(400, "invalid_request", "file: the file is empty.")
  let content: string
  try {
    content = decodeFile(bytes)
  } catch (error) {
    if (error instanceof FileFormatError)
      throw new ApiError(415, "unsupported_encoding", error.message)
    throw error
  }
  const fields = parseFormFields(form, file.name)
  return {
    ...fields,
    content,
    bytes: Buffer.byteLength(content, "utf8"),
  }
}

function parseFormFields(form: FormFields, uploadedName: string) {
  const text = (name: string, value: unknown) => {
    if (value === undefined) return undefined
    if (typeof value !== "string")
      throw new ApiError(400, "invalid_request", `${name}: send it once, as text.`)
    return value
  }
  const existingText = text("existing", form.existing)
  let existing: Record<string, string> = {}
  if (existingText) {
    let parsed: unknown
    try {
      parsed = JSON.parse(existingText)
    } catch {
      throw new ApiError(
        400,
        "invalid_request",
        "existing: send the previous outputs as JSON text.",
      )
    }
    if (
      !parsed ||
      typeof parsed !== "object" ||
      Array.isArray(parsed) ||
      Object.values(parsed).some((v) => typeof v !== "string")
    )
      throw new ApiError(
        400,
        "invalid_request",
        'existing: a JSON object of language → previous file text, e.g. {"fr": "…"}.',
      )
    existing = parsed as Record<string, string>
  }
  const targets = form.target_languages
  const fields = {
    filename: text("filename", form.filename) ?? uploadedName,
    target_languages: Array.isArray(targets) ? targets : text("target_languages", targets),
    source_language: text("source_language", form.source_language),
    format: text("format", form.format),
    formality: text("formality", form.formality),
    glossary_id: text("glossary_id", form.glossary_id),
    context: text("context", form.context),
    tool: text("tool", form.tool),
  }
  const checked = formSchema().safeParse(
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  )
  if (!checked.success) {
    const issue = checked.error.issues[0]!
    const field = issue.path.join(".")
    throw new ApiError(
      400,
      "invalid_request",
      field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message,
    )
  }
  const { target_languages, ...rest } = checked.data
  return { ...rest, targets: targetList(target_languages), existing }
}

/** The same field rules as the JSON body (contracts' fileCulturalizeFields), built on first use. */
let schema: z.ZodObject<typeof fileCulturalizeFields> | null = null
const formSchema = () => (schema ??= z.object(fileCulturalizeFields))

/** target_languages as a list: split on commas when text, trimmed, without empties or repeats. */
export function targetList(value: string | string[]): string[] {
  const entries = (
    typeof value === "string" ? value.split(",") : value.flatMap((v) => v.split(","))
  )
    .map((entry) => entry.trim())
    .filter(Boolean)
  const unique = [...new Set(entries)]
  if (unique.length === 0)
    throw new ApiError(
      400,
      "invalid_request",
      "target_languages: name at least one language (a code such as fr or a name such as French).",
    )
  if (unique.length > FILE_TARGETS_MAX)
    throw new ApiError(
      400,
      "invalid_request",
      `target_languages: at most ${FILE_TARGETS_MAX} languages at once (${unique.length} were sent).`,
    )
  return unique
}

/** One target as the file's answer names it, and the entry it was asked by. */
export type FileTarget = ResolvedLanguage & { asked: string }

/**
 * Each target as a single request resolves its `language` (a name, else a code; one CLDR does not
 * know may be a language of the company's own). An unknown one is a 400 naming it, before anything
 * else happens; two entries naming the same language are one target.
 */
export function resolveTargets(
  targets: string[],
  companyLanguages: Map<string, CompanyLanguage>,
): FileTarget[] {
  const resolved = new Map<string, FileTarget>()
  for (const asked of targets) {
    const resolution = resolveLanguage({ name: asked })
    let language: ResolvedLanguage
    if (resolution.ok) language = resolution.language
    else {
      const own = companyLanguages.get(asked.toUpperCase())
      if (!own)
        throw new ApiError(
          400,
          "invalid_request",
          `target_languages: ${resolution.message.replace(/^language /, "")}`,
        )
      language = languageByCode(own.language_code) ?? {
        code: own.language_code,
        name: own.language,
      }
    }
    if (!resolved.has(language.code.toLowerCase()))
      resolved.set(language.code.toLowerCase(), { ...language, asked })
  }
  return [...resolved.values()]
}

/** The file's source language: as asked (name or code), else as the file declares it, else English. */
export function resolveSource(asked: string | undefined, declared: string | undefined) {
  if (asked) {
    const resolution = resolveLanguage({ name: asked, nameField: "source_language" })
    if (!resolution.ok) throw new ApiError(400, "invalid_request", resolution.message)
    return resolution.language
  }
  if (declared) {
    const language = languageByCode(declared)
    if (language) return language
  }
  return { code: "en", name: "English" }
}

/** The previous output sent for a target: keyed as it was asked, or by its code (any case). */
export function existingFor(existing: Record<string, string>, target: FileTarget) {
  if (existing[target.asked] !== undefined) return existing[target.asked]
  const code = target.code.toLowerCase()
  for (const [key, value] of Object.entries(existing)) {
    if (key.toLowerCase() === code || key.toLowerCase() === target.name.toLowerCase()) return value
    const other = languageByCode(key)
    if (other && other.code.toLowerCase() === code) return value
  }
  return undefined
}
