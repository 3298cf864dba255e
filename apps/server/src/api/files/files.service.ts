import {
  FILE_SYNC_MAX_BYTES,
  type FileCulturalizeResponse,
  type FileJob,
  type FileResult,
} from "@nativ/contracts"
import { unitSegments } from "@nativ/i18n-files"

import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import type { AppDeps } from "../../deps"
import { keyCapReached, refuseCappedKey } from "../api-keys/key-cap"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { type Billing, runCharged } from "../culturalize/charged-run"
import { readCulturalizeContext } from "../culturalize/culturalize-context.repo"
import { ClaimLostError } from "../culturalize/culturalize.repo"
import { hashOf, insufficient } from "../culturalize/culturalize.service"
import { settleClaim } from "../culturalize/idempotency.repo"
import { eventLoopTurns } from "./event-loop-turns"
import { targetFilename } from "./file-format"
import { findJob, keepJob, type KeptJob, submitJob } from "./file-jobs"
import {
  admitStrings,
  chargeLanguage,
  fileResult,
  type FileRunOptions,
  type FileSettings,
  fileTargets,
  type LanguageCharge,
  languageSettings,
  type Payer,
  payerOf,
  planTarget,
  type PreparedFile,
  prepareFile,
} from "./file-pipeline"
import { existingFor, type FileRequest, type FileTarget } from "./file-request"
import { type LanguageOutcome, type LanguagePlan, runPlan } from "./file-translate"
import { readResult, writeResult } from "./files.repo"

/** Answers larger than this (all languages' files together) are not kept whole: memory answers them. */
export const RESULT_KEPT_MAX_CHARS = 8 * 1024 * 1024

/**
 * POST /files/culturalize: a file up to 1 MB is answered with every language's file; a larger one
 * becomes a job (202). Priced as batches: each distinct text sent to the engine as a single
 * request, texts the memory holds free; the whole cost is checked before any engine work (402) and
 * every language is charged in one transaction with an operation of its own, or none is.
 */
export async function culturalizeFile(
  deps: AppDeps,
  principal: Principal,
  request: FileRequest,
  options: FileRunOptions,
): Promise<{ files: FileCulturalizeResponse } | { job: FileJob }> {
  const startedAt = performance.now()
  const targets = await fileTargets(deps, principal.companyId, request)
  const settings: FileSettings = {
    filename: request.filename,
    tool: request.tool,
    formality: request.formality,
    glossary_id: request.glossary_id,
    context: request.context,
  }
  if (request.dry_run) {
    const prepared = await prepareFile(deps, request, targets)
    return { files: await estimate(deps, principal, prepared, settings, request) }
  }

  const { db } = deps.database
  const payer = payerOf(principal)
  // Under the request's Idempotency-Key either way: a repeat gets the same answer, or the same job.
  const answer = await runCharged<FileCulturalizeResponse | KeptJob>(
    deps,
    principal,
    { language_code: targets[0]!.code, glossary_id: request.glossary_id },
    { idempotencyKey: options.idempotencyKey, admission: Promise.resolve() },
    () => hashOf({ file: request }),
    async (billing, firstContext) => {
      if (request.bytes > FILE_SYNC_MAX_BYTES) {
        const prepared = await prepareFile(deps, request, targets)
        return submitJob(deps, principal, prepared, settings, request, options, billing.claim)
      }
      const contexts = [firstContext]
      for (const target of targets.slice(1))
        contexts.push(
          await readCulturalizeContext(db, payer, {
            language_code: target.code,
            glossary_id: request.glossary_id,
          }),
        )
      const charge = (
        body: FileCulturalizeResponse,
        charges: LanguageCharge[],
        result: { hash: string; body: FileCulturalizeResponse } | null,
      ) => chargeAll(deps, payer, settings, billing, targets, charges, body, startedAt, result)

      // The same request as the file's last answer: answered again, free, without reading the file.
      const resultHash = hashOf({
        answer: 1,
        request: { ...request, tool: undefined },
        targets: targets.map((t) => t.code),
        settings: contexts.map((c) => ({
          language: c.language,
          style: c.style,
          glossary: c.glossary,
        })),
        engine: deps.engine.name,
      })
      const last = await readResult<FileCulturalizeResponse>(
        db,
        payer.companyId,
        request.filename,
        resultHash,
      )
      if (last) {
        const body = {
          files: last.files.map((file) => ({
            ...file,
            cost: 0,
            strings_translated: 0,
            strings_from_memory: file.strings_total,
          })),
          cost: 0,
        }
        const free = { cost: 0, characters: 0, texts: [], remember: [] }
        return charge(
          body,
          targets.map(() => free),
          null,
        )
      }

      const phases: Record<string, number> = {}
      let lap = performance.now()
      const timed = (phase: string) => {
        const now = performance.now()
        phases[phase] = Math.round(now - lap)
        lap = now
      }
      const prepared = await prepareFile(deps, request, targets)
      timed("read")
      const plans: LanguagePlan[] = []
      for (const [i, target] of targets.entries()) {
        const { shared } = await languageSettings(
          db,
          payer,
          settings,
          prepared.source,
          target,
          contexts[i],
        )
        plans.push(
          await planTarget(
            deps,
            payer.companyId,
            prepared,
            request.filename,
            target,
            shared,
            existingFor(request.existing, target),
          ),
        )
      }
      timed("plan")
      const cost = plans.reduce((sum, plan) => sum + plan.cost, 0)
      const texts = plans.reduce((sum, plan) => sum + plan.fresh.length, 0)
      await admitStrings(deps, principal, options.requestId, texts)
      if (cost > 0) {
        refuseCappedKey(firstContext.allowance)
        const balance = contexts.at(-1)!.balance
        if (balance < cost) throw insufficient(cost, balance, "this file")
      }
      // More engine work than an answer can wait for: a job, charged as it finishes each language.
      if (texts > SYNC_TEXTS_MAX)
        return keepJob(deps, payer, prepared, settings, request, billing.claim, resultHash)

      const outcomes: LanguageOutcome[] = []
      for (const plan of plans) outcomes.push(await runPlan(deps, plan, options.signal))
      timed("translate")
      const strings = prepared.parsed.units.length
      const results: FileResult[] = []
      for (const [i, target] of targets.entries())
        results.push(await fileResult(prepared, request.filename, target, outcomes[i]!, strings))
      const body: FileCulturalizeResponse = {
        files: results,
        cost: results.reduce((sum, file) => sum + file.cost, 0),
      }
      // A file with strings left in the source language is not answered again as is (a new run
      // asks for them once more), nor a very large answer (the memory answers it).
      const complete =
        results.every((file) => !file.warnings.some((w) => w.code === "kept_source")) &&
        results.reduce((sum, file) => sum + file.content.length, 0) <= RESULT_KEPT_MAX_CHARS
      timed("write")
      const charged = await charge(body, outcomes, complete ? { hash: resultHash, body } : null)
      timed("charge")
      deps.logger.info(
        {
          reqId: options.requestId,
          format: prepared.parsed.format,
          strings,
          languages: targets.length,
          sent: texts,
          ms: phases,
        },
        "files: translated",
      )
      return charged
    },
  )
  if (!("job_id" in answer)) return { files: answer }
  const job = await findJob(deps, payer.companyId, answer.job_id)
  if (!job) throw new ApiError(404, "not_found", "The job of this request has expired.")
  return { job }
}

/**
 * The texts (all languages together) a file answered at once may send to the engine: about ten
 * engine calls, so the answer comes well inside the 300 s clients commonly wait (Node's fetch, most
 * HTTP libraries). A file that needs more is answered 202 with a job whatever its size, so a long
 * translation is never cut off after it was charged.
 */
export const SYNC_TEXTS_MAX = 2_000

/**
 * Every language's charge and operation in one transaction, with the memory, the record of sources,
 * the answer kept for an unchanged file and the Idempotency-Key's claim: all or none.
 */
async function chargeAll(
  deps: AppDeps,
  payer: Payer,
  settings: FileSettings,
  billing: Billing,
  targets: FileTarget[],
  charges: LanguageCharge[],
  body: FileCulturalizeResponse,
  startedAt: number,
  result: { hash: string; body: FileCulturalizeResponse } | null,
): Promise<FileCulturalizeResponse> {
  const { db } = deps.database
  try {
    await db.transaction().execute(async (trx) => {
      for (const [i, target] of targets.entries())
        await chargeLanguage(
          deps,
          trx,
          payer,
          settings,
          `${billing.reference}:${target.code}`,
          target,
          charges[i]!,
          startedAt,
        )
      if (result)
        await writeResult(trx, payer.companyId, settings.filename, result.hash, result.body)
      if (billing.claim) {
        const claim = { userId: payer.companyId, ...billing.claim }
        if (!(await settleClaim(trx, claim, { status: 200, body }))) throw new ClaimLostError()
      }
    })
  } catch (error) {
    if (error instanceof InsufficientCreditsError)
      throw insufficient(body.cost, await readBalance(db, payer.companyId), "this file")
    if (error instanceof KeyCapReachedError) throw keyCapReached(error.cap)
    throw error
  }
  return body
}

/**
 * A dry run: what each language would send and cost, read exactly as a real run plans it (memory,
 * `existing`), with no engine work, charge, rate-limit count or record.
 */
async function estimate(
  deps: AppDeps,
  principal: Principal,
  prepared: PreparedFile,
  settings: FileSettings,
  request: FileRequest,
): Promise<FileCulturalizeResponse> {
  const payer = payerOf(principal)
  const files: FileResult[] = []
  for (const target of prepared.targets) {
    const { shared } = await languageSettings(
      deps.database.db,
      payer,
      settings,
      prepared.source,
      target,
    )
    const plan = await planTarget(
      deps,
      payer.companyId,
      prepared,
      request.filename,
      target,
      shared,
      existingFor(request.existing, target),
    )
    const fresh = new Set(plan.fresh.map((f) => f.text))
    const turn = eventLoopTurns()
    let sent = 0
    for (const unit of plan.units) {
      await turn()
      if (unitSegments(unit, target.code).some((segment) => fresh.has(segment.text))) sent++
    }
    files.push({
      language_code: target.code,
      language: target.name,
      filename: targetFilename(request.filename, prepared.source.code, target.code),
      format: prepared.parsed.format,
      content: "",
      strings_total: prepared.parsed.units.length,
      strings_translated: sent,
      strings_from_memory: prepared.parsed.units.length - sent,
      cost: plan.cost,
      warnings: plan.warnings,
    })
  }
  return { files, cost: files.reduce((sum, file) => sum + file.cost, 0), dry_run: true }
}
