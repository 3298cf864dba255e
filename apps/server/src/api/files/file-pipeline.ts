import {
  FILE_ACTION,
  type FileResult,
  type FileTool,
  type ResolvedLanguage,
} from "@nativ/contracts"

import type { Db } from "../../db/schema"
import type { AppDeps } from "../../deps"
import type { SharedInput } from "../../engine/types"
import type { Principal } from "../authenticate"
import {
  type CulturalizeContext,
  readCulturalizeContext,
} from "../culturalize/culturalize-context.repo"
import { chargeAndRecord } from "../culturalize/culturalize.repo"
import { engineInput } from "../culturalize/culturalize.service"
import { admitCulturalize, budgetsOf } from "../limits"
import { operationDetail } from "../operations/operation-detail"
import { readFile, type ReadFile, targetFilename } from "./file-format"
import { type FileRequest, type FileTarget, resolveSource, resolveTargets } from "./file-request"
import {
  type LanguageOutcome,
  type LanguagePlan,
  planLanguage,
  previousTranslations,
} from "./file-translate"
import { companyLanguages, readSources, rememberMany, writeSources } from "./files.repo"

/** Who a charge is recorded for: the request's principal, or a job's stored copy of it. */
export type Payer = Pick<Principal, "companyId" | "apiKeyId" | "memberEmail"> & {
  appName: string | null
}

export const payerOf = (principal: Principal): Payer => ({
  companyId: principal.companyId,
  apiKeyId: principal.apiKeyId,
  memberEmail: principal.memberEmail,
  appName: principal.oauth?.clientName ?? null,
})

/** The options of a file request that shape every language's translation. */
export type FileSettings = {
  filename: string
  tool: FileTool
  formality?: FileRequest["formality"]
  glossary_id?: string | null | undefined
  context?: string | undefined
}

/** A file read and its languages resolved: everything before any charged work. */
export type PreparedFile = {
  parsed: ReadFile
  source: ResolvedLanguage
  targets: FileTarget[]
}

/** The request's languages, resolved as single requests resolve theirs (a 400 naming an unknown one). */
export async function fileTargets(
  deps: AppDeps,
  companyId: string,
  request: FileRequest,
): Promise<FileTarget[]> {
  try {
    return resolveTargets(request.targets, new Map())
  } catch (error) {
    // A name CLDR does not know may be one of the company's own languages: read them, once.
    const known = await companyLanguages(deps.database.db, companyId)
    if (known.size === 0) throw error
    return resolveTargets(request.targets, known)
  }
}

/** Reads the file (a 4xx naming the problem when it cannot be read) and its source language. */
export async function prepareFile(
  deps: Pick<AppDeps, "fileWorkers">,
  request: FileRequest,
  targets: FileTarget[],
): Promise<PreparedFile> {
  const parsed = await readFile(deps.fileWorkers, request.content, request.filename, request.format)
  const source = resolveSource(request.source_language, parsed.sourceLanguage)
  return { parsed, source, targets }
}

/** A target's settings (formality, style, glossary) as a single request reads them. */
export async function languageSettings(
  db: Db,
  payer: Pick<Payer, "companyId" | "apiKeyId">,
  settings: FileSettings,
  source: ResolvedLanguage,
  target: ResolvedLanguage,
  context?: CulturalizeContext,
): Promise<{ context: CulturalizeContext; shared: SharedInput }> {
  const request = {
    language_code: target.code,
    source_language_code: source.code,
    glossary_id: settings.glossary_id,
  }
  context ??= await readCulturalizeContext(db, payer, request)
  const {
    text: _,
    want: __,
    ...shared
  } = engineInput(
    context,
    {
      text: "",
      ...request,
      ...(settings.formality ? { formality: settings.formality } : {}),
      ...(settings.context ? { context: settings.context } : {}),
    } as Parameters<typeof engineInput>[1],
    { target, source },
  )
  return { context, shared }
}

/** Plans one language, reading the previous output's translations and the record of its sources. */
export async function planTarget(
  deps: AppDeps,
  companyId: string,
  prepared: PreparedFile,
  filename: string,
  target: FileTarget,
  shared: SharedInput,
  existing: string | undefined,
): Promise<LanguagePlan> {
  const { db } = deps.database
  const previous =
    existing === undefined
      ? null
      : {
          translations: await previousTranslations(
            deps.fileWorkers,
            prepared.parsed,
            existing,
            filename,
            target.code,
          ),
          sources: await readSources(db, companyId, filename, target.code),
        }
  return planLanguage(deps, db, companyId, prepared.parsed, target.code, shared, previous)
}

/** The file written for a target, and its answer. */
export async function fileResult(
  prepared: PreparedFile,
  filename: string,
  target: FileTarget,
  outcome: LanguageOutcome,
  strings: number,
): Promise<FileResult> {
  return {
    language_code: target.code,
    language: target.name,
    filename: targetFilename(filename, prepared.source.code, target.code),
    format: prepared.parsed.format,
    content: await prepared.parsed.write(outcome.translations, target.code, prepared.source.code),
    strings_total: strings,
    strings_translated: outcome.translated,
    strings_from_memory: outcome.fromMemory,
    cost: outcome.cost,
    warnings: outcome.warnings,
  }
}

/** What one language is charged, remembers and records. */
export type LanguageCharge = Pick<LanguageOutcome, "cost" | "characters" | "texts" | "remember"> & {
  /** The memory's key for the language's settings; none when there is nothing to remember. */
  settingsHash?: string
  sources?: LanguageOutcome["sources"]
}

/**
 * In the caller's transaction: debits the language's cost and records its operation (the charge
 * single requests and batches make, nativ.charge_culturalize: once per reference, never below
 * zero), keeps its fresh translations for free repeats and records which source produced each key.
 */
export async function chargeLanguage(
  deps: AppDeps,
  trx: Db,
  payer: Payer,
  settings: FileSettings,
  reference: string,
  target: FileTarget,
  charge: LanguageCharge,
  startedAt: number,
) {
  const result = await chargeAndRecord(trx, {
    userId: payer.companyId,
    cost: charge.cost,
    reference,
    claim: null,
    memory: null,
    operation: {
      action: FILE_ACTION,
      language: target.name,
      tool: settings.tool,
      fileId: settings.filename,
      apiKeyId: payer.apiKeyId,
      memberEmail: payer.memberEmail,
      appName: payer.appName,
      detail: operationDetail(deps, startedAt, {
        characters: charge.characters,
        fromMemory: charge.cost === 0,
        texts: charge.texts,
      }),
    },
    response: (balance, operationId) => ({ balance, operationId }),
  })
  if (charge.settingsHash)
    await rememberMany(
      trx,
      payer.companyId,
      charge.settingsHash,
      settings.filename,
      charge.remember,
    )
  if (charge.sources)
    await writeSources(trx, payer.companyId, settings.filename, target.code, charge.sources)
  return result
}

export type FileRunOptions = {
  idempotencyKey?: string | undefined
  signal?: AbortSignal
  requestId?: string | undefined
}

/**
 * Counts the texts a file sends to the engine against the caller's rate limits, as a batch counts
 * its items; texts answered from memory count nothing. A file with more texts than a budget ever
 * allows at once counts that whole budget (it waits for an empty window rather than never passing).
 */
export async function admitStrings(
  deps: AppDeps,
  principal: Principal,
  requestId: string | undefined,
  texts: number,
) {
  if (texts === 0) return
  const tightest = Math.min(...budgetsOf(deps.env, principal).map((c) => c.limit.points))
  await admitCulturalize(deps, principal, requestId, Math.min(texts, tightest))
}
