import {
  BATCH_ACTION,
  type CulturalizeBatchRequest,
  type CulturalizeBatchResponse,
  countCharacters,
  culturalizeCost,
} from "@nativ/contracts"

import { InsufficientCreditsError, readBalance } from "../../billing/ledger"
import type { AppDeps } from "../../deps"
import { keyCapReached, refuseCappedKey } from "../api-keys/key-cap"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import { mapBounded } from "../../engine/map-bounded"
import type { CulturalizeInput, CulturalizeResult } from "../../engine/types"
import type { Principal } from "../authenticate"
import { operationDetail } from "../operations/operation-detail"
import { type Billing, type RunOptions, runCharged } from "./charged-run"
import type { CulturalizeContext } from "./culturalize-context.repo"
import type { ExactMemoryEntry } from "./exact-memory.repo"
import { chargeAndRecord } from "./culturalize.repo"
import { resolveRequestLanguages } from "./request-languages"
import {
  engineInput,
  hashOf,
  insufficient,
  runEngine,
  withEngineErrors,
} from "./culturalize.service"

/** Engine calls at once for an engine without a batch path. */
const CONCURRENCY = 4

/**
 * A plugin's batch: every item priced as a single request, the whole cost checked before any work
 * (402) and debited at once with one operation row, or nothing at all when any item fails.
 * An item whose text the company's translation memory holds exactly is answered from it, free and
 * marked `from_memory` (looked up with the request's settings, in the same statement).
 * An Idempotency-Key makes a retried batch free, as for single requests.
 */
export async function culturalizeBatch(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeBatchRequest,
  options: RunOptions,
): Promise<CulturalizeBatchResponse> {
  const startedAt = performance.now()
  const texts = [...new Set(request.items.map((item) => item.text))]
  return runCharged(
    deps,
    principal,
    { ...request, texts },
    options,
    () => hashOf({ batch: request }),
    (billing, context) => {
      const memory = new Map(texts.map((text, i) => [text, context.exactMemories[i] ?? null]))
      return run(deps, principal, request, memory, billing, context, options.signal, startedAt)
    },
  )
}

async function run(
  deps: AppDeps,
  principal: Principal,
  request: CulturalizeBatchRequest,
  memory: Map<string, ExactMemoryEntry | null>,
  billing: Billing,
  context: CulturalizeContext,
  signal: AbortSignal | undefined,
  startedAt: number,
): Promise<CulturalizeBatchResponse> {
  const { db } = deps.database
  const companyId = principal.companyId
  const remembered = request.items.map((item) => memory.get(item.text)?.target_text ?? null)
  const costs = request.items.map((item, i) =>
    remembered[i] === null ? culturalizeCost(item.text, deps.env.CREDITS_PER_100_CHARS) : 0,
  )
  const cost = costs.reduce((sum, c) => sum + c, 0)
  const { balance, allowance } = context
  const languages = resolveRequestLanguages(request, context.language)
  const base = engineInput(context, { ...request, text: request.items[0]!.text }, languages)
  // Answers from memory are free, so only a batch with something to charge meets the key's cap.
  if (cost > 0) refuseCappedKey(allowance)
  if (balance < cost) throw insufficient(cost, balance, "this batch")

  const fresh = request.items.filter((_, i) => remembered[i] === null).map((item) => item.text)
  const answers = fresh.length ? await culturalizeTexts(deps, base, fresh, signal) : []
  let next = 0
  const results = remembered.map((text) => text ?? answers[next++]!.text)
  const fileIds = new Set(request.items.map((item) => item.file_id).filter(Boolean))
  try {
    return await chargeAndRecord(db, {
      userId: companyId,
      cost,
      ...billing,
      memory: null,
      operation: {
        action: BATCH_ACTION,
        language: languages.target.name,
        tool: request.tool,
        fileId: fileIds.size === 1 ? ([...fileIds][0] ?? null) : null,
        apiKeyId: principal.apiKeyId,
        memberEmail: principal.memberEmail,
        appName: principal.oauth?.clientName ?? null,
        detail: operationDetail(deps, startedAt, {
          characters: request.items.reduce((sum, item) => sum + countCharacters(item.text), 0),
          fromMemory: remembered.every((text) => text !== null),
          texts: request.items.map((item, i) => ({ request: item.text, result: results[i]! })),
        }),
      },
      response: (creditsRemaining, operationId) => ({
        results: request.items.map((item, i) => ({
          id: item.id ?? String(i),
          translated_text: results[i]!,
          cost: costs[i]!,
          from_memory: remembered[i] !== null,
        })),
        cost,
        credits_remaining: creditsRemaining,
        operation_id: operationId,
      }),
    })
  } catch (error) {
    if (error instanceof InsufficientCreditsError)
      throw insufficient(cost, await readBalance(db, companyId), "this batch")
    if (error instanceof KeyCapReachedError) throw keyCapReached(error.cap)
    throw error
  }
}

/**
 * Every text, in order: packed into a few calls when the engine can (model engines), otherwise one
 * engine call per text. Engine errors become API errors exactly as for a single request.
 */
async function culturalizeTexts(
  deps: AppDeps,
  base: CulturalizeInput,
  texts: string[],
  signal: AbortSignal | undefined,
): Promise<CulturalizeResult[]> {
  const { engine } = deps
  if (!engine.culturalizeBatch)
    return mapBounded(texts, CONCURRENCY, (text) => runEngine(deps, { ...base, text }, signal))
  const { text: _, ...shared } = base
  return withEngineErrors(deps, () => engine.culturalizeBatch!(shared, texts, signal))
}
