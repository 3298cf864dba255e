import { createHash } from "node:crypto"

import {
  type CulturalizeRequest,
  type CulturalizeResponse,
  countCharacters,
  countWords,
  culturalizeCost,
  type TmMatch,
} from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import { keyCapReached, refuseCappedKey } from "../api-keys/key-cap"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import { EngineError } from "../../engine/errors"
import type { CulturalizeInput, CulturalizeResult } from "../../engine/types"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import { noSuchGlossary } from "../glossaries/no-such-glossary"
import { operationDetail } from "../operations/operation-detail"
import type { fuzzySearch } from "../translation-memory/tm.repo"
import { type Billing, type RunOptions, runCharged } from "./charged-run"
import type { CulturalizeContext } from "./culturalize-context.repo"
import { chargeAndRecord } from "./culturalize.repo"
import { recall, type RememberedAnswer } from "./memory.repo"
import { type ResolvedLanguages, resolveRequestLanguages } from "./request-languages"

export const CULTURALIZE_ACTION = "Culturalize text"

/** Translation memory pairs this similar are shown to a model as references. */
const REFERENCE_SCORE = 70
const TOP_MATCHES = 3

export const insufficient = (cost: number, balance: number, what = "this text") =>
  new ApiError(
    402,
    "insufficient_credits",
    `Not enough credits: ${what} costs ${cost.toLocaleString("en-US")} credit${cost === 1 ? "" : "s"} and your balance is ${balance.toLocaleString("en-US")}. Buy credits to continue.`,
  )

/**
 * Check the balance, run the engine, then debit, record the operation and keep the answer in one
 * statement. Nothing is charged when the engine fails. Sends with the same Idempotency-Key get
 * the same answer and are charged once (see idempotency.ts); a text the translation memory holds
 * exactly, or an exact repeat within 90 days, is answered from memory for free.
 *
 * The database round trips of a charged request without a key: the caller's identity
 * (authenticate), the request's settings (culturalize-context.repo.ts, beside the rate limit's
 * count), then the charge (nativ.charge_culturalize); an exact-repeat lookup adds one.
 */
export async function culturalize(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeRequest,
  options: RunOptions,
): Promise<CulturalizeResponse> {
  const startedAt = performance.now()
  return runCharged(
    deps,
    principal,
    request,
    options,
    () => hashOf(request),
    (billing, context) =>
      charge(deps, principal, request, billing, context, options.signal, startedAt),
  )
}

async function charge(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeRequest,
  billing: Billing,
  context: CulturalizeContext,
  signal: AbortSignal | undefined,
  startedAt: number,
): Promise<CulturalizeResponse> {
  const { db } = deps.database
  const userId = principal.companyId
  const languages = resolveRequestLanguages(request, context.language)
  const input = engineInput(context, request, languages)
  const { balance, allowance } = context
  const { target, source } = languages
  const requestHash = hashOf({ input, engine: deps.engine.name })
  const record = (cost: number, answer: RememberedAnswer, fresh: boolean, tm: TmMatch | null) =>
    chargeAndRecord(db, {
      userId,
      cost,
      ...billing,
      memory: fresh ? { requestHash, answer } : null,
      operation: {
        action: CULTURALIZE_ACTION,
        language: target.name,
        tool: request.tool,
        fileId: request.file_id ?? null,
        apiKeyId: principal.apiKeyId,
        memberEmail: principal.memberEmail,
        appName: principal.oauth?.clientName ?? null,
        detail: operationDetail(deps, startedAt, {
          characters: countCharacters(request.text),
          fromMemory: !fresh,
          texts: [{ request: request.text, result: answer.translated_text }],
        }),
      },
      response: (creditsRemaining, operationId) => ({
        ...answer,
        language: target.name,
        language_code: target.code,
        cost,
        credits_remaining: creditsRemaining,
        engine: deps.engine.name,
        operation_id: operationId,
        metadata: { word_count: countWords(request.text), cost },
        from_memory: !fresh,
        ...(request.include_tm_info ? { tm_match: tm } : {}),
      }),
    })

  // The company's own translation of exactly this text wins over any engine, and is free.
  const entry = context.exactMemory
  if (entry)
    return record(
      0,
      { translated_text: entry.target_text },
      false,
      bestMatch([{ ...entry, score: 100, match_type: "exact" }]),
    )
  if (request.use_memory !== false) {
    const remembered = await recall(db, userId, requestHash)
    if (remembered)
      return record(0, remembered, false, {
        score: 100,
        match_type: "exact",
        source_text: request.text,
        target_text: remembered.translated_text,
        tm_source: "memory",
        tm_source_name: null,
        tm_id: null,
        top_matches: [],
      })
  }

  // An answer from memory is free, so only charged requests meet the key's cap.
  refuseCappedKey(allowance)
  const cost = culturalizeCost(request.text, deps.env.CREDITS_PER_100_CHARS)
  if (balance < cost) throw insufficient(cost, balance)

  // The offline engine cannot use references: look them up only when they will be read.
  const matches =
    request.include_tm_info || deps.engine.name !== "offline"
      ? (
          await deps.tmSearch.search(userId, {
            query: request.text,
            source_lang: source.code.toLowerCase(),
            target_lang: target.code.toLowerCase(),
            score_cutoff: 0,
            limit: TOP_MATCHES,
          })
        ).matches
      : []
  const references = matches
    .filter((m) => m.score >= REFERENCE_SCORE)
    .map((m) => ({ source: m.source_text, target: m.target_text, score: m.score }))

  const result = await runEngine(deps, { ...input, references }, signal)
  try {
    // The engine is kept with the answer: a Good rating of an offline answer (words not translated)
    // stays out of the translation memory (nativ.keep_approved_feedback).
    return await record(
      cost,
      { ...answerOf(result), engine: deps.engine.name },
      true,
      bestMatch(matches),
    )
  } catch (error) {
    if (error instanceof InsufficientCreditsError)
      throw insufficient(cost, await readBalance(db, userId))
    if (error instanceof KeyCapReachedError) throw keyCapReached(error.cap)
    throw error
  }
}

/**
 * Everything that shapes the result: the request, its resolved languages, the company's settings
 * for the target (the request's own formality wins) and the company's style, read in `context`.
 * It is also what an exact repeat must match.
 */
export function engineInput(
  context: Pick<CulturalizeContext, "language" | "style" | "glossary">,
  request: Omit<CulturalizeRequest, "tool" | "file_id">,
  { target, source }: ResolvedLanguages,
): CulturalizeInput {
  const { language, style, glossary: stored } = context
  if (request.glossary_id && !stored) throw noSuchGlossary()
  const customStyle = language?.custom_style
  const styleText = [style.prompt, customStyle ? `For ${target.name}:\n${customStyle}` : ""]
    .filter(Boolean)
    .join("\n\n")
  const formality = request.formality ?? language?.formality ?? undefined
  return {
    text: request.text,
    language: target.name,
    languageCode: target.code,
    // an inline glossary's terms win over the stored one's (the first of duplicates is kept)
    glossary: [...(request.glossary ?? []), ...(stored ?? [])],
    sourceLanguage: source.name,
    ...(formality ? { formality } : {}),
    ...(request.context ? { context: request.context } : {}),
    ...(request.max_characters ? { maxCharacters: request.max_characters } : {}),
    ...(styleText ? { style: styleText } : {}),
    want: { rationale: !!request.include_rationale, backtranslation: !!request.backtranslate },
  }
}

function answerOf(result: CulturalizeResult): RememberedAnswer {
  return {
    translated_text: result.text,
    ...(result.note ? { note: result.note } : {}),
    ...(result.rationale !== undefined ? { rationale: result.rationale } : {}),
    ...(result.backtranslation !== undefined ? { backtranslation: result.backtranslation } : {}),
  }
}

function bestMatch(matches: Awaited<ReturnType<typeof fuzzySearch>>): TmMatch | null {
  const best = matches[0]
  if (!best) return null
  return {
    score: best.score,
    match_type: best.match_type,
    source_text: best.source_text,
    target_text: best.target_text,
    tm_source: best.information_source,
    tm_source_name: best.source_name,
    tm_id: best.tm_id,
    top_matches: matches.map(({ target_language_code: _, ...match }) => match),
  }
}

export function runEngine(deps: AppDeps, input: CulturalizeInput, signal?: AbortSignal) {
  return withEngineErrors(deps, () => deps.engine.culturalize(input, signal))
}

/** Engine work whose failures become API errors: 422 for length, 502/504 "Nothing was charged". */
export async function withEngineErrors<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof EngineError) {
      deps.logger.warn({ err: error, code: error.code }, "engine failed")
      if (error.httpStatus === 422)
        throw new ApiError(422, "max_characters_exceeded", error.message)
      const status = error.httpStatus === 504 ? 504 : 502
      throw new ApiError(
        status,
        status === 504 ? "engine_timeout" : "engine_failed",
        `${error.message} Nothing was charged.`,
      )
    }
    throw error
  }
}

export function hashOf(value: unknown) {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex")
}
