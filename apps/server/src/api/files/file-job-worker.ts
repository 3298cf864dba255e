import { sql } from "kysely"

import { InsufficientCreditsError } from "../../billing/ledger"
import { isDatabaseUnavailable } from "../../db/unavailable"
import type { AppDeps } from "../../deps"
import { EngineAbortedError } from "../../engine/errors"
import { keyCapReached } from "../api-keys/key-cap"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import { ApiError } from "../api-error"
import { insufficient } from "../culturalize/culturalize.service"
import { readFile } from "./file-format"
import type { JobFileResult, JobFileRow, JobRow } from "./file-jobs"
import { runPlan } from "./file-translate"
import { forgetOldStrings, writeResult } from "./files.repo"
import { RESULT_KEPT_MAX_CHARS } from "./files.service"
import { chargeLanguage, fileResult, languageSettings, planTarget } from "./file-pipeline"

/**
 * Runs the file jobs kept in nativ.file_jobs, as the webhook sender sends its deliveries: a worker
 * claims one due job for a lease (FOR UPDATE SKIP LOCKED, so two servers never run the same job),
 * extends the lease as it goes, and finishes its languages one by one, each in one transaction
 * with its charge (ledger reference file-job:<job>:<language>, so a language is charged once).
 *
 * A server that stops or dies mid-way leaves the job claimed; once the lease lapses, any worker
 * (the restarted server's) takes it over and does the languages not finished. The job.completed
 * webhook is queued in the transaction that marks the job finished.
 */

/** How long a claim lasts without news from its worker; extended before each language. */
export const JOB_LEASE_MS = 60_000
/** A run stops claiming after this many jobs, so the next timer run shares the database. */
const MAX_JOBS_PER_RUN = 10

type Deps = AppDeps

async function claimJob(deps: Deps): Promise<(JobRow & { content: string }) | null> {
  const now = deps.clock()
  const { rows } = await sql<JobRow & { content: string }>`
    update nativ.file_jobs j
    set status = 'running', attempts = j.attempts + 1,
      claimed_until = ${now}::timestamptz + make_interval(secs => ${JOB_LEASE_MS / 1000})
    where j.id = (
      select q.id from nativ.file_jobs q
      where q.status in ('queued', 'running') and q.expires_at > ${now}
        and (q.claimed_until is null or q.claimed_until < ${now})
      order by q.created_at
      limit 1
      for update skip locked
    )
    returning j.id, j.company_id, j.principal, j.request, j.status, j.percent, j.created_at,
      j.completed_at, j.expires_at, j.content
  `.execute(deps.database.db)
  return rows[0] ?? null
}

async function extendLease(deps: Deps, jobId: string, percent: number) {
  await sql`update nativ.file_jobs
    set claimed_until = ${deps.clock()}::timestamptz + make_interval(secs => ${JOB_LEASE_MS / 1000}),
      percent = ${percent}
    where id = ${jobId}`.execute(deps.database.db)
}

async function jobFiles(deps: Deps, jobId: string) {
  const { rows } = await sql<JobFileRow>`
    select position, language_code, language, status, result, error from nativ.file_job_files
    where job_id = ${jobId} order by position`.execute(deps.database.db)
  return rows
}

/** Runs one claimed job: its unfinished languages, then marks it finished (when not stopped). */
async function runJob(deps: Deps, job: JobRow & { content: string }, signal: AbortSignal) {
  const { settings, format, source, targets, existing } = job.request
  const payer = job.principal
  const files = await jobFiles(deps, job.id)
  const total = files.length
  let done = files.filter((f) => f.status !== "pending").length
  let parsed
  try {
    parsed = await readFile(deps.fileWorkers, job.content, settings.filename, format)
  } catch (error) {
    if (signal.aborted) return releaseClaim(deps, job.id)
    // It was read when the job was made; a file that no longer reads (or now takes too long or
    // too much memory to read) fails every language, with the 4xx's message.
    const problem =
      error instanceof ApiError ? error : new ApiError(400, "malformed_file", String(error))
    for (const file of files.filter((f) => f.status === "pending"))
      await failLanguage(deps, job.id, file.language_code, problem)
    return finish(deps, job)
  }
  const prepared = { parsed, source, targets }
  for (const file of files) {
    if (file.status !== "pending") continue
    if (signal.aborted) return releaseClaim(deps, job.id)
    const target = targets.find((t) => t.code === file.language_code)!
    const startedAt = performance.now()
    await extendLease(deps, job.id, Math.floor((done / total) * 100))
    try {
      const { context, shared } = await languageSettings(
        deps.database.db,
        payer,
        settings,
        source,
        target,
      )
      const plan = await planTarget(
        deps,
        payer.companyId,
        prepared,
        settings.filename,
        target,
        shared,
        existing[target.code],
      )
      if (plan.cost > context.balance)
        throw insufficient(plan.cost, context.balance, "this language")
      let reported = Date.now()
      const outcome = await runPlan(deps, plan, signal, (sent, of) => {
        // A long language keeps its claim and shows its progress every few seconds.
        if (Date.now() - reported < 2_000) return
        reported = Date.now()
        void extendLease(deps, job.id, Math.floor(((done + sent / of) / total) * 100)).catch(
          () => undefined,
        )
      })
      const result = await fileResult(
        prepared,
        settings.filename,
        target,
        outcome,
        parsed.units.length,
      )
      const { content, language_code: _, language: __, format: ___, ...rest } = result
      const stored: JobFileResult = rest
      await deps.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql`
          update nativ.file_job_files set status = 'completed', result = ${JSON.stringify(stored)}::jsonb,
            content = ${content}
          where job_id = ${job.id} and language_code = ${target.code} and status = 'pending'
          returning language_code`.execute(trx)
        // Another worker finished it meanwhile (this one's lease had lapsed): charge nothing.
        if (rows.length === 0) throw new LanguageTaken()
        await chargeLanguage(
          deps,
          trx,
          payer,
          settings,
          `file-job:${job.id}:${target.code}`,
          target,
          outcome,
          startedAt,
        )
      })
      done++
    } catch (error) {
      if (error instanceof LanguageTaken) {
        done++
        continue
      }
      if (signal.aborted || error instanceof EngineAbortedError) return releaseClaim(deps, job.id)
      if (isDatabaseUnavailable(error)) throw error
      const problem =
        error instanceof ApiError
          ? error
          : error instanceof InsufficientCreditsError
            ? insufficient(0, 0, "this language")
            : error instanceof KeyCapReachedError
              ? keyCapReached(error.cap)
              : null
      if (!problem) {
        deps.logger.error(
          { err: error, jobId: job.id, language: target.code },
          "files: job language failed",
        )
        await failLanguage(
          deps,
          job.id,
          target.code,
          new ApiError(
            500,
            "internal_error",
            "Something went wrong on our side; nothing was charged.",
          ),
        )
      } else await failLanguage(deps, job.id, target.code, problem)
      done++
    }
  }
  await finish(deps, job)
}

class LanguageTaken extends Error {}

/** A worker stopping on purpose hands its job back at once (a crashed one's lease just lapses). */
async function releaseClaim(deps: Deps, jobId: string) {
  await sql`update nativ.file_jobs set claimed_until = null where id = ${jobId}`.execute(
    deps.database.db,
  )
}

async function failLanguage(deps: Deps, jobId: string, code: string, error: ApiError) {
  await sql`update nativ.file_job_files
    set status = 'failed', error = ${JSON.stringify({ code: error.code, message: error.message })}::jsonb
    where job_id = ${jobId} and language_code = ${code} and status = 'pending'`.execute(
    deps.database.db,
  )
}

/**
 * Marks the job finished — completed when any language was, failed when none — and queues its
 * job.completed webhook in the same transaction, once.
 */
async function finish(deps: Deps, job: JobRow) {
  await deps.database.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ status: string; completed_at: Date }>`
      update nativ.file_jobs j
      set status = case when exists (select from nativ.file_job_files f
          where f.job_id = j.id and f.status = 'completed') then 'completed' else 'failed' end,
        percent = 100, completed_at = ${deps.clock()}, claimed_until = null
      where j.id = ${job.id} and j.status = 'running'
        and not exists (select from nativ.file_job_files f where f.job_id = j.id and f.status = 'pending')
      returning j.status, j.completed_at`.execute(trx)
    const row = rows[0]
    if (!row) return
    const files = await sql<{ language_code: string; status: string }>`
      select language_code, status from nativ.file_job_files where job_id = ${job.id}
      order by position`.execute(trx)
    await sql`select nativ.enqueue_job_completed(${job.company_id}::uuid, ${JSON.stringify({
      id: job.id,
      status: row.status,
      filename: job.request.settings.filename,
      languages: files.rows,
      url: `${deps.env.API_URL}/jobs/${job.id}`,
    })}::jsonb)`.execute(trx)
    if (row.status === "completed") await keepAnswer(trx, job)
  })
}

/**
 * A job whose every language completed with every string translated keeps its files as the
 * file's last answer, under the hash an answer at once would have: the same file sent again is
 * answered at once, free, as after a file answered at once.
 */
async function keepAnswer(trx: Deps["database"]["db"], job: JobRow) {
  const hash = job.request.result_hash
  if (!hash) return
  const { rows } = await sql<{
    language_code: string
    language: string
    status: string
    result: JobFileResult | null
    content: string | null
  }>`select language_code, language, status, result, content from nativ.file_job_files
     where job_id = ${job.id} order by position`.execute(trx)
  const complete = rows.every(
    (file) =>
      file.status === "completed" &&
      file.result &&
      file.content !== null &&
      !file.result.warnings.some((warning) => warning.code === "kept_source"),
  )
  const chars = rows.reduce((sum, file) => sum + (file.content?.length ?? 0), 0)
  if (!complete || chars > RESULT_KEPT_MAX_CHARS) return
  const files = rows.map((file) => ({
    language_code: file.language_code,
    language: file.language,
    filename: file.result!.filename,
    format: job.request.format,
    content: file.content!,
    strings_total: file.result!.strings_total,
    strings_translated: file.result!.strings_translated,
    strings_from_memory: file.result!.strings_from_memory,
    cost: file.result!.cost,
    warnings: file.result!.warnings,
  }))
  const response = { files, cost: files.reduce((sum, file) => sum + file.cost, 0) }
  await writeResult(trx, job.company_id, job.request.settings.filename, hash, response)
}

/**
 * Deletes expired jobs (their files with them), a bounded batch at a time, and now and then (one
 * run in a thousand, about every half hour) strings the memory has kept past its days.
 */
async function forgetExpired(deps: Deps) {
  if (Math.random() < 0.001) await forgetOldStrings(deps.database.db)
  await sql`delete from nativ.file_jobs where id in (
    select id from nativ.file_jobs where expires_at < ${deps.clock()} limit 100)`.execute(
    deps.database.db,
  )
}

/** Runs due jobs one after another until none is due (or the worker stops). */
export async function runDueJobs(deps: Deps, signal: AbortSignal): Promise<number> {
  let ran = 0
  await forgetExpired(deps)
  for (; ran < MAX_JOBS_PER_RUN && !signal.aborted; ran++) {
    const job = await claimJob(deps)
    if (!job) break
    await runJob(deps, job, signal)
  }
  return ran
}

export type FileJobWorker = {
  /** Runs what is due now (the server calls it on a timer; tests call it directly). */
  runNow(): Promise<void>
  /** Stops: the language in progress is abandoned uncharged and the job left for another run. */
  stop(): Promise<void>
}

/** Runs the worker at start-up and every `intervalMs`; runs never overlap in one process. */
export function startFileJobWorker(deps: Deps, intervalMs = 2_000): FileJobWorker {
  const controller = new AbortController()
  let running: Promise<void> | null = null
  const runNow = () => {
    if (controller.signal.aborted) return Promise.resolve()
    running ??= runDueJobs(deps, controller.signal)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (isDatabaseUnavailable(err))
          deps.logger.debug({ err }, "files: database unavailable; next run retries")
        else deps.logger.error({ err }, "files: job run failed")
      })
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(() => void runNow(), intervalMs)
  timer.unref()
  void runNow()
  return {
    runNow,
    async stop() {
      controller.abort()
      clearInterval(timer)
      await running
    },
  }
}
