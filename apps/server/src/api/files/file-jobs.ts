import {
  FILE_JOB_DAYS,
  type FileFormatName,
  type FileJob,
  type FileJobLanguage,
  type FileJobStatus,
  type FileWarning,
  type ResolvedLanguage,
} from "@nativ/contracts"
import { sql } from "kysely"

import type { AppDeps } from "../../deps"
import { isUuid } from "../../db/uuid"
import { refuseCappedKey } from "../api-keys/key-cap"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { ClaimLostError } from "../culturalize/culturalize.repo"
import { insufficient } from "../culturalize/culturalize.service"
import { settleClaim } from "../culturalize/idempotency.repo"
import { existingFor, type FileRequest, type FileTarget } from "./file-request"
import {
  admitStrings,
  type FileRunOptions,
  type FileSettings,
  languageSettings,
  type Payer,
  payerOf,
  planTarget,
  type PreparedFile,
} from "./file-pipeline"

/** What a job keeps of its request besides the file: enough to run it after a restart. */
export type StoredJobRequest = {
  settings: FileSettings
  format: FileFormatName
  source: ResolvedLanguage
  targets: FileTarget[]
  /** Previous outputs by target code. */
  existing: Record<string, string>
  /**
   * The hash an answer at once keeps its last answer under (files.service.ts): a completed job
   * keeps its files under it too, so the same file again is answered at once, free.
   */
  result_hash?: string
}

export type JobRow = {
  id: string
  company_id: string
  principal: Payer
  request: StoredJobRequest
  status: FileJobStatus
  percent: number
  created_at: Date
  completed_at: Date | null
  expires_at: Date
}

export type JobFileRow = {
  position: number
  language_code: string
  language: string
  status: FileJobLanguage["status"]
  result: JobFileResult | null
  error: { code: string; message: string } | null
}

/** A finished language's answer, without its content (kept in its own column). */
export type JobFileResult = {
  filename: string
  strings_total: number
  strings_translated: number
  strings_from_memory: number
  cost: number
  warnings: FileWarning[]
}

/** What a kept job answers a repeat of its request (Idempotency-Key): the job to follow. */
export type KeptJob = { job_id: string }

/**
 * A file over 1 MB: checked and priced as a file answered at once (the same 400s, 402 and 429,
 * before anything is kept), then kept as a job for the worker (file-job-worker.ts) with one row per
 * language. Nothing is charged here: each language is charged when the worker finishes it.
 */
export async function submitJob(
  deps: AppDeps,
  principal: Principal,
  prepared: PreparedFile,
  settings: FileSettings,
  request: FileRequest,
  options: FileRunOptions,
  claim: JobClaim | null,
): Promise<KeptJob> {
  const { db } = deps.database
  const payer = payerOf(principal)
  let cost = 0
  let texts = 0
  let balance = 0
  let allowance = null
  for (const target of prepared.targets) {
    const { context, shared } = await languageSettings(db, payer, settings, prepared.source, target)
    balance = context.balance
    allowance = context.allowance
    const plan = await planTarget(
      deps,
      payer.companyId,
      prepared,
      settings.filename,
      target,
      shared,
      existingFor(request.existing, target),
    )
    cost += plan.cost
    texts += plan.fresh.length
  }
  await admitStrings(deps, principal, options.requestId, texts)
  if (cost > 0) {
    refuseCappedKey(allowance)
    if (balance < cost) throw insufficient(cost, balance, "this file")
  }
  return keepJob(deps, payer, prepared, settings, request, claim)
}

/** The Idempotency-Key claim a job's request runs under (idempotency.ts). */
export type JobClaim = { key: string; attempt: string }

/**
 * Keeps a checked and priced file as a job, and settles the request's Idempotency-Key claim in the
 * same transaction: a client whose 202 was lost sends the request again with its key and gets the
 * same job (never a second one, charged again).
 */
export async function keepJob(
  deps: AppDeps,
  payer: Payer,
  prepared: PreparedFile,
  settings: FileSettings,
  request: FileRequest,
  claim: JobClaim | null,
  resultHash?: string,
): Promise<KeptJob> {
  const existing: Record<string, string> = {}
  for (const target of prepared.targets) {
    const previous = existingFor(request.existing, target)
    if (previous !== undefined) existing[target.code] = previous
  }
  const stored: StoredJobRequest = {
    settings,
    format: prepared.parsed.format,
    source: prepared.source,
    targets: prepared.targets,
    existing,
    ...(resultHash && { result_hash: resultHash }),
  }
  const now = deps.clock()
  const expires = new Date(now.getTime() + FILE_JOB_DAYS * 24 * 60 * 60 * 1000)
  return deps.database.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      insert into nativ.file_jobs (company_id, principal, request, content, created_at, expires_at)
      values (${payer.companyId}, ${JSON.stringify(payer)}::jsonb, ${JSON.stringify(stored)}::jsonb,
        ${request.content}, ${now}, ${expires})
      returning id`.execute(trx)
    const jobId = rows[0]!.id
    await sql`
      insert into nativ.file_job_files (job_id, company_id, position, language_code, language)
      select ${jobId}, ${payer.companyId}, t.position, t.code, t.name
      from jsonb_to_recordset(${JSON.stringify(prepared.targets.map((t, position) => ({ ...t, position })))}::jsonb)
        as t(position smallint, code text, name text)`.execute(trx)
    const kept: KeptJob = { job_id: jobId }
    // Stored as the key's success (status 200 is what a repeat reads as one); the route answers 202.
    if (claim) {
      const settled = await settleClaim(
        trx,
        { userId: payer.companyId, ...claim },
        { status: 200, body: kept },
      )
      if (!settled) throw new ClaimLostError()
    }
    return kept
  })
}

/** The company's job, or null (another company's, expired, or no such id). */
export async function findJob(
  deps: Pick<AppDeps, "database" | "env" | "clock">,
  companyId: string,
  id: string,
): Promise<FileJob | null> {
  if (!isUuid(id)) return null
  const [job] = await readJobs(deps, companyId, { id })
  return job ?? null
}

/**
 * The company's unexpired jobs, newest first (optionally one file's): a client that lost a 202
 * finds the job it was charged for here.
 */
export function listJobs(
  deps: Pick<AppDeps, "database" | "env" | "clock">,
  companyId: string,
  filter: { filename?: string | undefined; limit: number },
): Promise<FileJob[]> {
  return readJobs(deps, companyId, filter)
}

async function readJobs(
  deps: Pick<AppDeps, "database" | "env" | "clock">,
  companyId: string,
  filter: { id?: string; filename?: string | undefined; limit?: number },
): Promise<FileJob[]> {
  const { db } = deps.database
  const { rows } = await sql<JobRow & { files: JobFileRow[] }>`
    select j.id, j.company_id, j.principal, j.request, j.status, j.percent, j.created_at,
      j.completed_at, j.expires_at,
      (select coalesce(jsonb_agg(jsonb_build_object('position', f.position,
          'language_code', f.language_code, 'language', f.language, 'status', f.status,
          'result', f.result, 'error', f.error) order by f.position), '[]'::jsonb)
        from nativ.file_job_files f where f.job_id = j.id) as files
    from nativ.file_jobs j
    where j.company_id = ${companyId} and j.expires_at > ${deps.clock()}
      ${filter.id ? sql`and j.id = ${filter.id}` : sql``}
      ${filter.filename ? sql`and j.request -> 'settings' ->> 'filename' = ${filter.filename}` : sql``}
    order by j.created_at desc, j.id
    limit ${filter.limit ?? 1}
  `.execute(db)
  return rows.map((row) => toJob(deps.env.API_URL, row, row.files))
}

function toJob(apiUrl: string, job: JobRow, files: JobFileRow[]): FileJob {
  const { settings, format } = job.request
  const done = files.filter((f) => f.status !== "pending").length
  return {
    id: job.id,
    status: job.status,
    filename: settings.filename,
    format,
    progress: {
      languages_total: files.length,
      languages_done: done,
      // The worker writes its percent when it starts a language (and every few seconds in a long
      // one), after the language before is stored: never less than the languages already done.
      percent:
        job.status === "completed" || job.status === "failed"
          ? 100
          : Math.max(job.percent, Math.floor((done / Math.max(files.length, 1)) * 100)),
    },
    files: files.map((file) => {
      const result = file.result
      return {
        language_code: file.language_code,
        language: file.language,
        filename: result?.filename ?? settings.filename,
        format,
        status: file.status,
        download_url:
          file.status === "completed"
            ? `${apiUrl}/jobs/${job.id}/files/${encodeURIComponent(file.language_code)}`
            : null,
        strings_total: result?.strings_total ?? 0,
        strings_translated: result?.strings_translated ?? 0,
        strings_from_memory: result?.strings_from_memory ?? 0,
        cost: result?.cost ?? 0,
        warnings: result?.warnings ?? [],
        error: file.error,
      }
    }),
    cost: files.reduce((sum, f) => sum + (f.result?.cost ?? 0), 0),
    created_at: job.created_at.toISOString(),
    completed_at: job.completed_at?.toISOString() ?? null,
    expires_at: job.expires_at.toISOString(),
  }
}

/** A finished language's file (its name and text), or a 404 naming why there is none. */
export async function jobFile(
  deps: Pick<AppDeps, "database" | "clock">,
  companyId: string,
  id: string,
  languageCode: string,
): Promise<{ filename: string; format: FileFormatName; content: string }> {
  const notFound = new ApiError(404, "not_found", "No such job, or it has expired.")
  if (!isUuid(id)) throw notFound
  const { rows } = await sql<{
    status: string
    result: JobFileResult | null
    content: string | null
    format: FileFormatName
  }>`
    select f.status, f.result, f.content, j.request ->> 'format' as format
    from nativ.file_jobs j
    join nativ.file_job_files f on f.job_id = j.id
    where j.id = ${id} and j.company_id = ${companyId} and j.expires_at > ${deps.clock()}
      and lower(f.language_code) = lower(${languageCode})
  `.execute(deps.database.db)
  const row = rows[0]
  if (!row) throw notFound
  if (row.status !== "completed" || row.content === null || !row.result)
    throw new ApiError(
      404,
      "not_found",
      row.status === "failed"
        ? "This language failed; the job's answer says why."
        : "This language is not finished yet; see the job's progress.",
    )
  return { filename: row.result.filename, format: row.format, content: row.content }
}
