import {
  FILE_SYNC_MAX_BYTES,
  type FileCulturalizeResponse,
  type FileResult,
} from "@nativ/contracts"
import { unitSegments } from "@nativ/i18n-files"

import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import type { AppDeps } from "../../deps"
import { keyCapReached, refuseCappedKey } from "../api-keys/key-cap"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import type { Principal } from "../authenticate"
import { runCharged } from "../culturalize/charged-run"
import { ClaimLostError } from "../culturalize/culturalize.repo"
import { hashOf, insufficient } from "../culturalize/culturalize.service"
import { settleClaim } from "../culturalize/idempotency.repo"
import { targetFilename } from "./file-format"
import { submitJob } from "./file-jobs"
import {
  admitStrings,
  chargeLanguage,
  fileResult,
  type FileRunOptions,
  type FileSettings,
  languageSettings,
  payerOf,
  planTarget,
  type PreparedFile,
  prepareFile,
} from "./file-pipeline"
import { existingFor, type FileRequest } from "./file-request"
import { type LanguageOutcome, type LanguagePlan, runPlan } from "./file-translate"

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
): Promise<{ files: FileCulturalizeResponse } | { job: Awaited<ReturnType<typeof submitJob>> }> {
  const startedAt = performance.now()
  const prepared = await prepareFile(deps, principal.companyId, request)
  const settings: FileSettings = {
    filename: request.filename,
    tool: request.tool,
    formality: request.formality,
    glossary_id: request.glossary_id,
    context: request.context,
  }
  if (request.dry_run)
    return { files: await estimate(deps, principal, prepared, settings, request) }
  if (request.bytes > FILE_SYNC_MAX_BYTES)
    return { job: await submitJob(deps, principal, prepared, settings, request, options) }

  const { db } = deps.database
  const payer = payerOf(principal)
  const first = prepared.targets[0]!
  const files = await runCharged(
    deps,
    principal,
    {
      language_code: first.code,
      source_language_code: prepared.source.code,
      glossary_id: request.glossary_id,
    },
    { idempotencyKey: options.idempotencyKey, admission: Promise.resolve() },
    () => hashOf({ file: request }),
    async (billing, firstContext) => {
      const plans: LanguagePlan[] = []
      let balance = firstContext.balance
      for (const [i, target] of prepared.targets.entries()) {
        const { context, shared } = await languageSettings(
          db,
          payer,
          settings,
          prepared.source,
          target,
          i === 0 ? firstContext : undefined,
        )
        balance = context.balance
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
      const cost = plans.reduce((sum, plan) => sum + plan.cost, 0)
      const texts = plans.reduce((sum, plan) => sum + plan.fresh.length, 0)
      await admitStrings(deps, principal, options.requestId, texts)
      if (cost > 0) {
        refuseCappedKey(firstContext.allowance)
        if (balance < cost) throw insufficient(cost, balance, "this file")
      }

      const outcomes: LanguageOutcome[] = []
      for (const plan of plans) outcomes.push(await runPlan(deps, plan, options.signal))
      const strings = prepared.parsed.units.length
      const results = prepared.targets.map((target, i) =>
        fileResult(prepared, request.filename, target, outcomes[i]!, strings),
      )
      const body: FileCulturalizeResponse = {
        files: results,
        cost: results.reduce((sum, file) => sum + file.cost, 0),
      }
      try {
        await db.transaction().execute(async (trx) => {
          for (const [i, target] of prepared.targets.entries())
            await chargeLanguage(
              deps,
              trx,
              payer,
              settings,
              `${billing.reference}:${target.code}`,
              target,
              outcomes[i]!,
              startedAt,
            )
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
    },
  )
  return { files }
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
    const sent = plan.units.filter((unit) =>
      unitSegments(unit, target.code).some((segment) => fresh.has(segment.text)),
    ).length
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
